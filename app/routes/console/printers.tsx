// /console/branches/:branchId/printers (owners and managers): the branch's Star CloudPRNT kitchen
// printers. Add one and copy its server URL (shown once), follow the steps on the printer's own web
// page, then pair the MAC that asks; each printer says when it was last seen. While a printer waits to
// pair, the page asks again every few seconds, so "asking to connect" shows up without a reload.
import { useEffect, useState } from "react";
import { useConsoleDates } from "~/lib/console-dates";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/printers";
import { PairingSteps } from "~/components/console/printers/pairing-steps";
import { PrinterItem } from "~/components/console/printers/printer-item";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { PRINTER_NAME_MAX } from "../../../worker/rules/printers";
import { loadPrinters, printersAction } from "./printers.server";
import { privatePageHeaders } from "~/lib/route-headers";

// An action's refusal (4xx) is answered without running the loader again: its own headers then.
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPrinters(request, context, params.branchId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return printersAction(request, context, params.branchId);
}

const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const field = "mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 font-normal dark:border-white/20 dark:bg-stone-950";
const PAIRING_CHECK_MS = 5000;

export default function KitchenPrinters({ loaderData: { branch, printers, max, now } }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const dates = useConsoleDates(branch.time_zone);
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const revalidator = useRevalidator();
  const pairing = printers.some((p) => p.mac === null);
  useEffect(() => {
    if (!pairing) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), PAIRING_CHECK_MS);
    return () => clearInterval(timer);
  }, [pairing, revalidator]);
  const time = dates({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  // The URL stays in sight while the page checks again (a reload of its data forgets the action's answer).
  const [shown, setShown] = useState(outcome?.ok && "url" in outcome ? outcome : null);
  useEffect(() => {
    if (outcome) setShown(outcome.ok && "url" in outcome ? outcome : null);
  }, [outcome]);
  return (
    <section aria-labelledby="printers-title" className="grid gap-4">
      <div>
        <a href={`/console/branches/${branch.id}`} className="text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
          {t("console.printers.back")}
        </a>
        <h1 id="printers-title" className="mt-1 text-2xl font-bold">
          {t("console.printers.title")}
        </h1>
        <p className="text-lg font-bold text-stone-700 dark:text-stone-200">{localized(branch, "name", lang)}</p>
        <p className="mt-1 max-w-prose text-stone-600 dark:text-stone-300">{t("console.printers.intro")}</p>
      </div>
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="printers-outcome"
          className={`rounded-xl px-4 py-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100"}`}
        >
          {outcome.ok
            ? t(`console.printers.done.${outcome.done}`)
            : t(`console.printers.problems.${outcome.problem}`, { max: outcome.problem === "name" ? PRINTER_NAME_MAX : max })}
        </p>
      )}
      {shown && (
        <section aria-labelledby="url-title" data-testid="printer-url-box" className={`${card} ring-2 ring-amber-600/60`}>
          <h2 id="url-title" className="text-lg font-bold">
            {t("console.printers.url.heading", { name: `\u2068${shown.name}\u2069` })}
          </h2>
          <p className="mt-1 text-sm">{t("console.printers.url.once")}</p>
          <label className="mt-2 block text-sm font-bold">
            {t("console.printers.url.label")}
            <textarea
              readOnly
              rows={3}
              value={shown.url}
              dir="ltr"
              data-testid="printer-url"
              onFocus={(e) => e.currentTarget.select()}
              className={`${field} resize-none font-mono text-sm break-all`}
            />
          </label>
        </section>
      )}
      <section aria-labelledby="list-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="list-title" className="text-lg font-bold">
            {t("console.printers.list.heading")}
          </h2>
          <a href={`/console/branches/${branch.id}/printers`} className="text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
            {t("console.printers.checkAgain")}
          </a>
        </div>
        {printers.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-300">{t("console.printers.list.empty")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {printers.map((p) => (
              <PrinterItem key={p.id} printer={p} now={now} time={time} busy={busy} />
            ))}
          </ul>
        )}
      </section>
      {printers.length < max && (
        <Form method="post" className={`${card} grid gap-2`} aria-labelledby="add-title">
          <h2 id="add-title" className="text-lg font-bold">
            {t("console.printers.add.heading")}
          </h2>
          <label className="font-bold">
            {t("console.printers.add.name")}
            <input
              name="name"
              required
              maxLength={PRINTER_NAME_MAX}
              defaultValue={outcome && !outcome.ok ? (outcome.typed ?? "") : ""}
              key={outcome?.ok ? `added-${"printer" in outcome ? outcome.printer : ""}` : "typed"}
              aria-describedby="printer-name-hint"
              aria-invalid={outcome && !outcome.ok && outcome.problem === "name" ? true : undefined}
              className={field}
            />
          </label>
          <p id="printer-name-hint" className="text-sm text-stone-600 dark:text-stone-300">
            {t("console.printers.add.nameHint")} {t("console.printers.add.limit", { max })}
          </p>
          <button
            type="submit"
            name="intent"
            value="add"
            disabled={busy}
            data-testid="printer-add"
            className="justify-self-start rounded-full bg-stone-900 px-6 py-3 font-bold text-white disabled:opacity-60 dark:bg-white dark:text-stone-900"
          >
            {t("console.printers.add.submit")}
          </button>
        </Form>
      )}
      <PairingSteps />
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
