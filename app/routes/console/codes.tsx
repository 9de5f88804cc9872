// /console/branches/:branchId/codes (managers and owners): choose a range of tables and codes per A4 page,
// see the first code with the URL it holds, then open the printable sheet or download the PDF.
// A plain GET form, so it works before the page's JavaScript and a bad range keeps what was typed.
import { Form } from "react-router";
import type { Route } from "./+types/codes";
import { CodeCard } from "~/components/console/codes/qr-svg";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { LAYOUTS } from "../../../worker/rules/table-codes";
import { placeName } from "../../../worker/rules/place-name";
import { loadCodesScreen } from "./codes.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCodesScreen(request, context, params.branchId);
}

const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const field = "mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 dark:border-white/20 dark:bg-stone-950";
const link = "inline-block rounded-full px-4 py-2 text-sm font-bold";

export default function TableCodes({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const { branch, restaurant, typed, problem, preview, limit, maxTable, tables } = loaderData;
  const place = placeName(localized(restaurant, "name", lang), localized(branch, "name", lang));
  const query = new URLSearchParams(typed).toString();
  const base = `/console/branches/${branch.id}/codes`;
  return (
    <section aria-labelledby="codes-title">
      <p>
        <a href="/console/branches" className="text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
          {t("console.codes.backToBranches")}
        </a>
      </p>
      <h1 id="codes-title" className="mt-1 text-2xl font-bold">
        {t("console.codes.title")}
      </h1>
      <p className="text-lg font-bold text-stone-700 dark:text-stone-200">{place}</p>
      <p className="mt-1 max-w-prose text-stone-600 dark:text-stone-300">{t("console.codes.intro")}</p>
      {/* The branch's own tables (its settings), the default range; without them, any table up to 9999. */}
      <p data-testid="codes-tables" className="mt-1 max-w-prose font-bold">
        {tables === null ? t("console.codes.tablesUnset", { max: maxTable }) : t("console.codes.tables", { last: tables })}{" "}
        <a href={`/console/branches/${branch.id}`} className="font-normal text-amber-800 underline underline-offset-4 dark:text-amber-300">
          {t("console.codes.tablesLink")}
        </a>
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Form method="get" className={`${card} grid content-start gap-3`} aria-describedby="codes-limit">
          {problem && (
            <p role="alert" data-testid="codes-problem" className="rounded-xl bg-red-100 px-4 py-3 font-bold text-red-900">
              {t(`console.codes.problems.${problem}`, { max: maxTable, limit })}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3">
            <label className="font-bold">
              {t("console.codes.from")}
              <input
                name="from"
                defaultValue={typed.from}
                inputMode="numeric"
                dir="ltr"
                aria-invalid={problem === "from" || problem === "order" || problem === "tooMany" || undefined}
                className={field}
              />
            </label>
            <label className="font-bold">
              {t("console.codes.to")}
              <input
                name="to"
                defaultValue={typed.to}
                inputMode="numeric"
                dir="ltr"
                aria-invalid={problem === "to" || problem === "order" || problem === "tooMany" || undefined}
                className={field}
              />
            </label>
          </div>
          <label className="font-bold">
            {t("console.codes.per")}
            <select name="per" defaultValue={typed.per} aria-invalid={problem === "per" || undefined} className={field}>
              {Object.keys(LAYOUTS).map((n) => (
                <option key={n} value={n}>
                  {t("console.codes.perOption", { count: Number(n) })}
                </option>
              ))}
            </select>
          </label>
          <p id="codes-limit" className="text-sm text-stone-600 dark:text-stone-300">
            {t("console.codes.limit", { limit, max: maxTable })}
          </p>
          <button type="submit" className="justify-self-start rounded-full bg-stone-900 px-5 py-2.5 font-bold text-white dark:bg-white dark:text-stone-900">
            {t("console.codes.show")}
          </button>
        </Form>
        {preview && (
          <div className={`${card} grid justify-items-center gap-3`}>
            <h2 className="justify-self-start font-bold">{t("console.codes.preview", { table: preview.table })}</h2>
            <CodeCard
              code={preview}
              title={t("console.codes.table", { table: preview.table })}
              place={place}
              className="w-full max-w-64 rounded-xl p-3 ring-1 ring-black/10"
            />
            <p data-testid="codes-preview-url" dir="ltr" className="break-all text-center font-mono text-sm">
              {preview.url}
            </p>
            <p className="text-sm font-bold">{t("console.codes.count", { count: loaderData.count ?? 0 })}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <a href={`${base}/sheet?${query}`} data-testid="codes-sheet-link" className={`${link} bg-stone-900 text-white dark:bg-white dark:text-stone-900`}>
                {t("console.codes.openSheet")}
              </a>
              <a href={`${base}.pdf?${query}`} download data-testid="codes-pdf-link" className={`${link} ring-1 ring-black/20 dark:ring-white/30`}>
                {t("console.codes.download")}
              </a>
            </div>
            <p className="text-xs text-stone-500 dark:text-stone-400">{t("console.codes.pdfNote")}</p>
          </div>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
