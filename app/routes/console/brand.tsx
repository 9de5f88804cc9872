// /console/branches/brand (owners and managers): the restaurant's colours, with a live preview of the
// diner's screens in light and dark and a contrast warning, and its seven social links. Plain forms
// (they save before the page's JavaScript); the preview and the warning follow what is typed.
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/brand";
import { BrandPreview } from "~/components/console/brand/brand-preview";
import { ContrastWarning } from "~/components/console/brand/contrast-warning";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { SOCIAL_TYPES } from "~/lib/social";
import { useConsoleTranslation } from "~/locales/console";
import { COLOUR_FIELDS, SOCIAL_MAX, type ColourField } from "../../../worker/rules/brand-form";
import { brandAction, loadBrand } from "./brand.server";
import { privatePageHeaders } from "~/lib/route-headers";

// An action's refusal (4xx) is answered without running the loader again: its own headers then.
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBrand(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return brandAction(request, context);
}

const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const field =
  "block w-full rounded-xl border border-black/15 bg-white px-3 py-2 aria-invalid:border-red-700 dark:border-white/20 dark:bg-stone-950 dark:aria-invalid:border-red-400";
const button = "rounded-full px-5 py-2.5 font-bold disabled:opacity-60";
const HEX = /^#[0-9a-f]{6}$/i;

export default function BrandSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refused = outcome && !outcome.ok ? outcome : null;
  const typedColours = refused?.form === "colours" ? refused.typed : null;
  const typedSocials = refused?.form === "socials" ? refused.typed : null;
  // What is typed, as typed: the preview and the warning read it on every keystroke.
  const [colours, setColours] = useState<Record<ColourField, string>>(
    () => Object.fromEntries(COLOUR_FIELDS.map((f) => [f, typedColours?.[f] ?? loaderData.colours[f]])) as Record<ColourField, string>,
  );
  const problem = (name: string) => refused?.problems[name];
  const message = (name: string) => {
    const p = problem(name);
    return p ? t(`console.brand.problems.${p}`, { max: SOCIAL_MAX }) : null;
  };
  const title = localized(loaderData.name, "name", lang);
  return (
    <section aria-labelledby="brand-title">
      <p>
        <a href="/console/branches" className="text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
          {t("console.brand.backToBranches")}
        </a>
      </p>
      <h1 id="brand-title" className="mt-1 text-2xl font-bold">
        {t("console.brand.title")}
      </h1>
      <p className="mt-1 max-w-prose text-stone-600 dark:text-stone-300">{t("console.brand.intro")}</p>
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="brand-outcome"
          className={`mt-3 rounded-xl px-4 py-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {outcome.ok ? t(`console.brand.saved.${outcome.saved}`) : t("console.brand.refused")}
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
        <Form method="post" className={`${card} grid content-start gap-4`} aria-labelledby="colours-title">
          <h2 id="colours-title" className="text-lg font-bold">
            {t("console.brand.coloursTitle")}
          </h2>
          <input type="hidden" name="intent" value="colours" />
          {COLOUR_FIELDS.map((f) => {
            const label = t(`console.brand.fields.${f}`);
            const error = typedColours ? message(f) : null;
            return (
              <div key={f} className="grid gap-1">
                <label htmlFor={`colour-${f}`} className="font-bold">
                  {label}
                </label>
                <p id={`colour-${f}-hint`} className="text-sm text-stone-600 dark:text-stone-300">
                  {t(`console.brand.hints.${f}`)}
                </p>
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    value={HEX.test(colours[f]) ? colours[f].toLowerCase() : "#000000"}
                    aria-label={t("console.brand.pickerLabel", { field: label })}
                    data-testid={`picker-${f}`}
                    onChange={(e) => setColours((c) => ({ ...c, [f]: e.target.value }))}
                    className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-black/15 bg-white p-1 dark:border-white/20 dark:bg-stone-950"
                  />
                  <input
                    id={`colour-${f}`}
                    name={f}
                    value={colours[f]}
                    onChange={(e) => setColours((c) => ({ ...c, [f]: e.target.value }))}
                    dir="ltr"
                    spellCheck={false}
                    autoComplete="off"
                    maxLength={20}
                    data-testid={`colour-${f}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`colour-${f}-hint${error ? ` colour-${f}-error` : ""}`}
                    className={`${field} max-w-40 font-mono`}
                  />
                </div>
                {error && (
                  <p id={`colour-${f}-error`} className="text-sm font-bold text-red-800 dark:text-red-300">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <ContrastWarning style={colours} />
          <div className="flex flex-wrap items-center gap-2">
            <button type="submit" disabled={busy} data-testid="save-colours" className={`${button} bg-stone-900 text-white dark:bg-white dark:text-stone-900`}>
              {t("console.brand.save")}
            </button>
            <button
              type="button"
              data-testid="reset-colours"
              onClick={() => setColours({ ...loaderData.defaults })}
              className={`${button} ring-1 ring-black/20 dark:ring-white/30`}
              aria-describedby="reset-note"
            >
              {t("console.brand.reset")}
            </button>
          </div>
          <p id="reset-note" className="text-sm text-stone-600 dark:text-stone-300">
            {t("console.brand.resetNote")}
          </p>
        </Form>
        <section aria-labelledby="preview-title" className={`${card} grid content-start gap-3 md:sticky md:top-28 md:self-start`}>
          <h2 id="preview-title" className="text-lg font-bold">
            {t("console.brand.previewTitle")}
          </h2>
          <BrandPreview style={colours} title={title} />
          <p className="max-w-sm text-sm text-stone-600 dark:text-stone-300">{t("console.brand.previewNote")}</p>
        </section>
      </div>
      <Form method="post" className={`${card} mt-4 grid max-w-2xl gap-3`} aria-labelledby="socials-title">
        <h2 id="socials-title" className="text-lg font-bold">
          {t("console.brand.socialsTitle")}
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.brand.socialsIntro")}</p>
        <input type="hidden" name="intent" value="socials" />
        {SOCIAL_TYPES.map((type) => {
          const error = typedSocials ? message(type) : null;
          return (
            <div key={type} className="grid gap-1">
              <label htmlFor={`social-${type}`} className="font-bold">
                {t(`social.${type}`)}
              </label>
              <input
                id={`social-${type}`}
                name={type}
                defaultValue={typedSocials?.[type] ?? loaderData.socials[type]}
                dir="ltr"
                inputMode="url"
                spellCheck={false}
                autoComplete="off"
                maxLength={SOCIAL_MAX + 50}
                data-testid={`social-${type}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `social-${type}-error` : undefined}
                className={field}
              />
              {error && (
                <p id={`social-${type}-error`} className="text-sm font-bold text-red-800 dark:text-red-300">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="grid gap-1">
          <label htmlFor="review-url" className="font-bold">
            {t("console.brand.reviewUrl")}
          </label>
          <input
            id="review-url"
            name="review_url"
            type="url"
            defaultValue={typedSocials?.review_url ?? loaderData.reviewUrl}
            dir="ltr"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            maxLength={SOCIAL_MAX + 50}
            data-testid="review-url"
            aria-invalid={typedSocials && message("review_url") ? true : undefined}
            aria-describedby={typedSocials && message("review_url") ? "review-url-error review-url-hint" : "review-url-hint"}
            className={field}
          />
          <p id="review-url-hint" className="text-sm text-stone-600 dark:text-stone-300">
            {t("console.brand.reviewHint")}
          </p>
          {typedSocials && message("review_url") && (
            <p id="review-url-error" className="text-sm font-bold text-red-800 dark:text-red-300">
              {message("review_url")}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={busy}
          data-testid="save-socials"
          className={`${button} justify-self-start bg-stone-900 text-white dark:bg-white dark:text-stone-900`}
        >
          {t("console.brand.saveSocials")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
