// The console's strings, for console screens only (a diner's page never loads them): the interface's
// own plus one object per area, each area in its own pair of files.
import dictionaries from "..";
import type { Language } from "..";
import { useTranslationWith } from "~/lib/i18n";
import accountAr from "./account.ar";
import accountEn from "./account.en";
import authAr from "./auth.ar";
import authEn from "./auth.en";
import boardAr from "./board.ar";
import boardEn from "./board.en";
import brandAr from "./brand.ar";
import brandEn from "./brand.en";
import branchSettingsAr from "./branch-settings.ar";
import branchSettingsEn from "./branch-settings.en";
import codesAr from "./codes.ar";
import codesEn from "./codes.en";
import insightsAr from "./insights.ar";
import invitationsAr from "./invitations.ar";
import invitationsEn from "./invitations.en";
import insightsEn from "./insights.en";
import menuEditorAr from "./menu-editor.ar";
import menuEditorEn from "./menu-editor.en";
import menuCsvAr from "./menu-csv.ar";
import menuCsvEn from "./menu-csv.en";
import nutritionAr from "./nutrition.ar";
import nutritionEn from "./nutrition.en";
import paymentsAr from "./payments.ar";
import paymentsEn from "./payments.en";
import picturesAr from "./pictures.ar";
import picturesEn from "./pictures.en";
import printersAr from "./printers.ar";
import printersEn from "./printers.en";
import domainAr from "./domain.ar";
import domainEn from "./domain.en";
import dishOptionsAr from "./dish-options.ar";
import dishOptionsEn from "./dish-options.en";
import einvoicesAr from "./einvoices.ar";
import einvoicesEn from "./einvoices.en";
import shellAr from "./shell.ar";
import shellEn from "./shell.en";
import screensAr from "./screens.ar";
import screensEn from "./screens.en";
import signupAr from "./signup.ar";
import signupEn from "./signup.en";
import switchesAr from "./switches.ar";
import switchesEn from "./switches.en";
import taxAr from "./tax.ar";
import taxEn from "./tax.en";
import webhooksAr from "./webhooks.ar";
import webhooksEn from "./webhooks.en";
import zatcaAr from "./zatca.ar";
import zatcaEn from "./zatca.en";

const consoleStrings = {
  en: {
    ...dictionaries.en,
    console: {
      ...shellEn,
      screens: screensEn,
      signup: signupEn,
      account: accountEn,
      auth: authEn,
      switches: switchesEn,
      tax: taxEn,
      codes: codesEn,
      insights: insightsEn,
      board: boardEn,
      domain: domainEn,
      pictures: picturesEn,
      printers: printersEn,
      brand: brandEn,
      branchSettings: branchSettingsEn,
      dishOptions: dishOptionsEn,
      menuEditor: menuEditorEn,
      menuCsv: menuCsvEn,
      nutrition: nutritionEn,
      invitations: invitationsEn,
      webhooks: webhooksEn,
      payments: paymentsEn,
      einvoices: einvoicesEn,
      zatca: zatcaEn,
    },
  },
  ar: {
    ...dictionaries.ar,
    console: {
      ...shellAr,
      screens: screensAr,
      signup: signupAr,
      account: accountAr,
      auth: authAr,
      switches: switchesAr,
      tax: taxAr,
      codes: codesAr,
      insights: insightsAr,
      board: boardAr,
      domain: domainAr,
      pictures: picturesAr,
      printers: printersAr,
      brand: brandAr,
      branchSettings: branchSettingsAr,
      dishOptions: dishOptionsAr,
      menuEditor: menuEditorAr,
      menuCsv: menuCsvAr,
      nutrition: nutritionAr,
      invitations: invitationsAr,
      webhooks: webhooksAr,
      payments: paymentsAr,
      einvoices: einvoicesAr,
      zatca: zatcaAr,
    },
  },
} satisfies Record<Language, unknown>;

/** `useTranslation` for the console: every interface key and `console.*`. */
export const useConsoleTranslation = () => useTranslationWith(consoleStrings);
