// /console/menu/import?branch=: a spreadsheet in, a dry-run report of what it would change (with the
// bad lines), then "Apply" writes all of it or nothing.
import type { ReactNode } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/menu-import";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import type { Change, ImportError, ImportPlan } from "../../../worker/rules/menu-csv/plan";
import { loadMenuImport, menuImportAction } from "./menu-import.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMenuImport(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return menuImportAction(request, context);
}

const card = "mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const button = "rounded-full bg-stone-900 px-5 py-2.5 font-bold text-white disabled:opacity-60 dark:bg-white dark:text-stone-900";

export default function MenuImport({ loaderData: { branchId, branches, columns, maxRows, maxBytes } }: Route.ComponentProps) {
  const { t, lang } = useConsoleTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const here = `/console/menu/import?branch=${branchId}`;
  const problem = result && "error" in result && result.error ? result : null;
  const plan = result && "plan" in result ? (result.plan as ImportPlan) : null;
  return (
    <section aria-labelledby="import-title" className="min-w-0">
      <h1 id="import-title" className="text-2xl font-bold">
        {t("console.menuCsv.title")}
      </h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{t("console.menuCsv.intro")}</p>

      {branches.length > 1 && (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
          <label className="grid gap-1">
            <span className="text-sm font-bold">{t("console.menuCsv.branch")}</span>
            <select name="branch" defaultValue={branchId} className="rounded-xl border border-stone-300 bg-transparent px-3 py-2 dark:border-stone-600">
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {localized(b, "name", lang)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-full px-4 py-2 font-bold ring-1 ring-stone-400">
            {t("console.menuCsv.choose")}
          </button>
        </Form>
      )}

      <p className="mt-4 text-sm">
        {t("console.menuCsv.exportHint")}{" "}
        <a href={`/console/menu/export.csv?branch=${branchId}`} download className="font-bold underline" data-testid="menu-export">
          {t("console.menuCsv.export")}
        </a>
      </p>

      <Form method="post" action={here} encType="multipart/form-data" className={`${card} grid gap-3`}>
        <input type="hidden" name="intent" value="preview" />
        <label className="grid gap-1">
          <span className="font-bold">{t("console.menuCsv.file")}</span>
          <input type="file" name="file" accept=".csv,text/csv" required className="min-w-0 text-sm" data-testid="csv-file" />
          <span className="text-sm text-stone-600 dark:text-stone-300">
            {t("console.menuCsv.limits", { rows: maxRows.toLocaleString(lang), mb: maxBytes / 1024 / 1024 })}
          </span>
        </label>
        <div>
          <button type="submit" disabled={busy} className={button}>
            {busy ? t("console.menuCsv.checking") : t("console.menuCsv.check")}
          </button>
        </div>
      </Form>

      {problem && !plan && (
        <p role="alert" data-testid="import-problem" className="mt-4 rounded-xl bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {t(`console.menuCsv.problems.${problem.error as ProblemCode}`, { message: problem.message ?? "" })}
        </p>
      )}
      {result && "applied" in result && (
        <div
          role="status"
          data-testid="import-applied"
          className="mt-4 rounded-xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <p>
            {t("console.menuCsv.applied", {
              created: result.applied.created,
              updated: result.applied.updated,
              menus: result.applied.menus,
              categories: result.applied.categories,
            })}
          </p>
          {result.applied.skipped > 0 && <p data-testid="import-skipped">{t("console.menuCsv.skipped", { skipped: result.applied.skipped })}</p>}
          <Link to="/console/menu" className="mt-2 inline-block font-bold underline">
            {t("console.menuCsv.backToMenu")}
          </Link>
        </div>
      )}
      {plan && (
        <Report
          plan={plan}
          stash={"stash" in result! ? (result.stash as string | null) : null}
          action={here}
          busy={busy}
          conflict={problem?.error === "conflict"}
        />
      )}

      <details className={card}>
        <summary className="cursor-pointer font-bold">{t("console.menuCsv.columnsTitle")}</summary>
        <p className="mt-2 text-sm">{t("console.menuCsv.columnsIntro")}</p>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-start text-sm" data-testid="csv-columns">
            <thead>
              <tr>
                <th scope="col" className="py-1 pe-3 text-start">
                  {t("console.menuCsv.column")}
                </th>
                <th scope="col" className="py-1 text-start">
                  {t("console.menuCsv.meaning")}
                </th>
              </tr>
            </thead>
            <tbody>
              {columns.map((c) => (
                <tr key={c.header} className="border-t border-black/5 align-top dark:border-white/10">
                  <td className="py-1 pe-3 font-mono" dir="ltr">
                    {c.header}
                  </td>
                  <td className="py-1">{t(`console.menuCsv.columns.${c.header}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">{t("console.menuCsv.formulaNote")}</p>
      </details>
    </section>
  );
}

type ProblemCode = "too-large" | "too-many-rows" | "bad-form" | "encoding" | "expired" | "conflict" | "rows";

function Report({ plan, stash, action, busy, conflict }: { plan: ImportPlan; stash: string | null; action: string; busy: boolean; conflict: boolean }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const name = (n: { name_en: string; name_ar: string }) => localized(n, "name", lang);
  const shown = (value: Change["to"]) => (value === null || value === "" ? t("console.menuCsv.empty") : String(value));
  const counts = [
    ["menus", plan.menus.length],
    ["categories", plan.categories.length],
    ["creates", plan.creates.length],
    ["updates", plan.updates.length],
    ["unchanged", plan.unchanged.length],
    ["errors", new Set(plan.errors.map((e) => e.line)).size],
  ] as const;
  const badLines = counts[5][1];
  const duplicates = plan.creates.filter((c) => c.duplicateOf);
  return (
    <section aria-labelledby="report-title" className={card} data-testid="import-report">
      <h2 id="report-title" className="text-lg font-bold">
        {t("console.menuCsv.report")}
      </h2>
      {conflict && (
        <p role="alert" className="mt-2 text-red-800 dark:text-red-200">
          {t("console.menuCsv.problems.conflict")}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {counts.map(([key, count]) => (
          <div
            key={key}
            className={`rounded-xl p-2 ${key === "errors" && count ? "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100" : "bg-stone-100 dark:bg-stone-800"}`}
          >
            <dt className="text-xs">{t(`console.menuCsv.summary.${key}`)}</dt>
            <dd className="text-xl font-bold" data-testid={`count-${key}`}>
              {count}
            </dd>
          </div>
        ))}
      </dl>
      {plan.errors.length > 0 && (
        <div role="alert" className="mt-4">
          <h3 className="font-bold text-red-800 dark:text-red-200">{t(stash ? "console.menuCsv.errorsSkippable" : "console.menuCsv.errorsTitle")}</h3>
          <ul className="mt-1 list-disc ps-5" data-testid="import-errors">
            {plan.errors.map((e, i) => (
              <li key={i} data-line={e.line}>
                <ErrorLine error={e} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan.menus.length + plan.categories.length > 0 && (
        <ul className="mt-4 list-disc ps-5 text-sm">
          {plan.menus.map((m) => (
            <li key={m.key}>
              {t("console.menuCsv.summary.menus")}: <b>{name(m)}</b>
            </li>
          ))}
          {plan.categories.map((c) => (
            <li key={c.key}>
              {t("console.menuCsv.summary.categories")}: <b>{name(c)}</b> {t("console.menuCsv.inMenu", { menu: name(c.menu) })}
            </li>
          ))}
        </ul>
      )}
      {plan.creates.length > 0 && (
        <Rows title={t("console.menuCsv.summary.creates")} testId="import-creates">
          {plan.creates.map((d) => (
            <li key={d.line}>
              <LineNo line={d.line} />{" "}
              {t("console.menuCsv.newDish", { name: name(d.values as { name_en: string; name_ar: string }), category: name(d.category) })}
            </li>
          ))}
        </Rows>
      )}
      {plan.updates.length > 0 && (
        <Rows title={t("console.menuCsv.summary.updates")} testId="import-updates">
          {plan.updates.map((d) => (
            <li key={d.line}>
              <LineNo line={d.line} /> <b>{name(d.name)}</b>
              <ul className="ps-4">
                {d.changes.map((c) => (
                  <li key={c.field}>
                    <span dir="ltr" className="font-mono text-xs">
                      {c.field}
                    </span>
                    : <bdi>{shown(c.from)}</bdi> {t("console.menuCsv.arrow")} <bdi>{shown(c.to)}</bdi>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </Rows>
      )}
      {duplicates.length > 0 && (
        <div className="mt-4 rounded-xl bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100" data-testid="import-duplicates">
          <h3 className="font-bold">{t("console.menuCsv.duplicatesTitle")}</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {duplicates.map((d) => (
              <li key={d.line} data-duplicate-line={d.line}>
                <LineNo line={d.line} />{" "}
                {d.duplicateOf!.id !== null
                  ? t("console.menuCsv.duplicateOfDish", { name: name(d.duplicateOf!.name), id: d.duplicateOf!.id })
                  : t("console.menuCsv.duplicateOfLine", { name: name(d.duplicateOf!.name), line: d.duplicateOf!.line ?? 0 })}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm">{t("console.menuCsv.duplicatesHint")}</p>
        </div>
      )}
      {stash && (
        <Form method="post" action={action} encType="multipart/form-data" className="mt-4 grid gap-2">
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="stash" value={stash} />
          {badLines > 0 && (
            <label className="flex items-start gap-2 font-bold">
              <input type="checkbox" name="skipBad" required className="mt-1 size-4" data-testid="import-skip-bad" />
              <span>{t("console.menuCsv.skipBad", { count: badLines })}</span>
            </label>
          )}
          {duplicates.length > 0 && (
            <fieldset className="grid gap-1 text-sm">
              <legend className="sr-only">{t("console.menuCsv.duplicatesTitle")}</legend>
              <label className="flex items-start gap-2">
                <input type="radio" name="duplicates" value="skip" defaultChecked className="mt-0.5 size-4" data-testid="import-duplicates-skip" />
                {t("console.menuCsv.duplicatesSkip")}
              </label>
              <label className="flex items-start gap-2">
                <input type="radio" name="duplicates" value="create" className="mt-0.5 size-4" data-testid="import-duplicates-create" />
                {t("console.menuCsv.duplicatesCreate")}
              </label>
            </fieldset>
          )}
          <p className="text-sm">{t("console.menuCsv.applyNote")}</p>
          <div>
            <button type="submit" disabled={busy} className={button} data-testid="import-apply">
              {busy ? t("console.menuCsv.applying") : t("console.menuCsv.apply")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

function Rows({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div className="mt-4">
      <h3 className="font-bold">{title}</h3>
      <ul className="mt-1 grid gap-1 text-sm" data-testid={testId}>
        {children}
      </ul>
    </div>
  );
}

function LineNo({ line }: { line: number }) {
  const { t } = useConsoleTranslation();
  return <span className="text-xs font-bold tabular-nums text-stone-600 dark:text-stone-300">{t("console.menuCsv.line", { line })}</span>;
}

function ErrorLine({ error }: { error: ImportError }) {
  const { t } = useConsoleTranslation();
  return (
    <>
      <LineNo line={error.line} /> <span>{t(`console.menuCsv.errors.${error.code}`, { column: error.column ?? "", value: error.value ?? "" })}</span>
    </>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
