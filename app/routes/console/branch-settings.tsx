// /console/branches/:branchId (owners and managers): edit one branch — names and texts in English and
// Arabic side by side, phones, whether it takes orders, its tables, payment mode, time zone and opening hours.
// A plain POST form: it works before the page's JavaScript, and a refusal keeps what was typed.
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/branch-settings";
import { HoursEditor } from "~/components/console/branch-settings/hours-editor";
import { card, field, problemText } from "~/components/console/branch-settings/styles";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { useConsoleTranslation } from "~/locales/console";
import { branchSettingsAction, loadBranchSettings, type FieldProblem, type TypedBranch } from "./branch-settings.server";
import { MAX_TABLE } from "../../../worker/rules/table-number";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadBranchSettings(request, context, params.branchId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return branchSettingsAction(request, context, params.branchId);
}

type Problems = Record<string, FieldProblem>;
type TextName = "name_en" | "name_ar" | "description_en" | "description_ar" | "address_en" | "address_ar" | "phone" | "mobile";

function TextField({
  name,
  label,
  typed,
  problems,
  arabic = false,
  multiline = false,
  type = "text",
}: {
  name: TextName;
  label: string;
  typed: TypedBranch;
  problems: Problems;
  arabic?: boolean;
  multiline?: boolean;
  type?: string;
}) {
  const { t } = useConsoleTranslation();
  const problem = problems[name];
  const common = {
    name,
    defaultValue: typed.fields[name],
    dir: arabic ? "rtl" : type === "tel" ? "ltr" : "auto",
    lang: arabic ? "ar" : undefined,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": problem ? `problem-${name}` : undefined,
    className: field,
  } as const;
  return (
    <label className="font-bold">
      {label}
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} {...common} />}
      {problem && (
        <span id={`problem-${name}`} className={problemText}>
          {t(`console.branchSettings.problems.${problem}`)}
        </span>
      )}
    </label>
  );
}

export default function BranchSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const navigation = useNavigation();
  const refused = actionData && !actionData.ok ? actionData : null;
  const typed = refused?.typed ?? loaderData.typed;
  const problems: Problems = refused?.problems ?? {};
  const pair = (en: TextName, ar: TextName, labels: [string, string], multiline = false) => (
    <div className="grid gap-3 md:grid-cols-2">
      <TextField name={en} label={labels[0]} typed={typed} problems={problems} multiline={multiline} />
      <TextField name={ar} label={labels[1]} typed={typed} problems={problems} multiline={multiline} arabic />
    </div>
  );
  const modes = loaderData.cards ? (["otp", "online", "both"] as const) : (["otp"] as const);
  return (
    <section aria-labelledby="branch-settings-title">
      <p>
        <a href="/console/branches" className="text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
          {t("console.branchSettings.back")}
        </a>
      </p>
      <h1 id="branch-settings-title" className="mt-1 text-2xl font-bold">
        {t("console.branchSettings.title")}
      </h1>
      <p className="mt-1">
        <a
          href={`/console/branches/${loaderData.id}/printers`}
          data-testid="printers-link"
          className="font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300"
        >
          {t("console.printers.link")}
        </a>
      </p>
      {/* A new key per answer: the rows start again from what was saved or what was refused. */}
      <Form method="post" key={JSON.stringify(typed)} className="mt-4 grid gap-4" data-testid="branch-settings">
        {actionData?.ok && (
          <p role="status" data-testid="branch-saved" className="rounded-xl bg-emerald-100 px-4 py-3 font-bold text-emerald-950">
            {t("console.branchSettings.saved")}
          </p>
        )}
        {refused && (
          <p role="alert" data-testid="branch-refused" className="rounded-xl bg-red-100 px-4 py-3 font-bold text-red-900">
            {t("console.branchSettings.fix")}
          </p>
        )}
        <section className={`${card} grid gap-3`} aria-labelledby="details-title">
          <h2 id="details-title" className="text-lg font-bold">
            {t("console.branchSettings.details")}
          </h2>
          {pair("name_en", "name_ar", [t("console.branchSettings.nameEn"), t("console.branchSettings.nameAr")])}
          {pair("description_en", "description_ar", [t("console.branchSettings.descriptionEn"), t("console.branchSettings.descriptionAr")], true)}
          {pair("address_en", "address_ar", [t("console.branchSettings.addressEn"), t("console.branchSettings.addressAr")])}
          <div className="grid gap-3 md:grid-cols-2">
            <TextField name="phone" type="tel" label={t("console.branchSettings.phone")} typed={typed} problems={problems} />
            <TextField name="mobile" type="tel" label={t("console.branchSettings.mobile")} typed={typed} problems={problems} />
          </div>
        </section>
        <section className={`${card} grid gap-3`} aria-labelledby="ordering-title">
          <h2 id="ordering-title" className="text-lg font-bold">
            {t("console.branchSettings.ordering")}
          </h2>
          {(
            [
              ["active_order", "takesOrders"],
              ["service_calls", "serviceCalls"],
              ["pickup", "pickup"],
            ] as const
          ).map(([name, label]) => (
            <label key={name} className="flex items-center gap-3 font-bold">
              <input type="checkbox" name={name} value="1" defaultChecked={typed.fields[name] === "1"} className="size-5" />
              {t(`console.branchSettings.${label}`)}
            </label>
          ))}
          <label className="font-bold">
            {t("console.branchSettings.prepMinutes")}
            <input
              name="prep_minutes"
              type="number"
              inputMode="numeric"
              min={5}
              max={240}
              defaultValue={typed.fields.prep_minutes}
              aria-invalid={problems.prep_minutes ? true : undefined}
              className={field}
            />
            {problems.prep_minutes && <span className={problemText}>{t(`console.branchSettings.problems.${problems.prep_minutes}`)}</span>}
          </label>
          <label className="font-bold">
            {t("console.branchSettings.tables")}
            <input
              name="tables"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TABLE}
              defaultValue={typed.fields.tables}
              aria-invalid={problems.tables ? true : undefined}
              aria-describedby="tables-help"
              className={field}
            />
            <span id="tables-help" className="block text-sm font-normal text-stone-600 dark:text-stone-300">
              {t("console.branchSettings.tablesHelp", { max: MAX_TABLE })}
            </span>
            {problems.tables && <span className={problemText}>{t(`console.branchSettings.problems.${problems.tables}`, { max: MAX_TABLE })}</span>}
          </label>
          <label className="font-bold">
            {t("console.branchSettings.paymentMode")}
            <select name="payment_mode" defaultValue={typed.fields.payment_mode} aria-invalid={problems.payment_mode ? true : undefined} className={field}>
              {modes.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`console.branchSettings.modes.${mode}`)}
                </option>
              ))}
            </select>
            {problems.payment_mode && <span className={problemText}>{t(`console.branchSettings.problems.${problems.payment_mode}`)}</span>}
          </label>
          {!loaderData.cards && <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.branchSettings.noCards")}</p>}
          <label className="font-bold">
            {t("console.branchSettings.timeZone")}
            <select name="time_zone" defaultValue={typed.fields.time_zone} dir="ltr" aria-invalid={problems.time_zone ? true : undefined} className={field}>
              {loaderData.zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
            {problems.time_zone && <span className={problemText}>{t(`console.branchSettings.problems.${problems.time_zone}`)}</span>}
          </label>
        </section>
        <HoursEditor typed={typed} problems={problems} />
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          data-testid="branch-save"
          className="justify-self-start rounded-full bg-stone-900 px-6 py-3 font-bold text-white disabled:opacity-60 dark:bg-white dark:text-stone-900"
        >
          {t("console.branchSettings.save")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
