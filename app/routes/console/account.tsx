// /console/account (owners only): plan, status, trial end, next charge, "manage billing" and cancel,
// the restaurant's currency (until its first order), and the download of all the restaurant's data.
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { useConsoleDates } from "~/lib/console-dates";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/account";
import { useConsoleTranslation } from "~/locales/console";
import { accountAction, loadAccount } from "./account.server";
import { CurrencySection } from "~/components/console/account/currency-section";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Account" }, { name: "robots", content: "noindex" }];
// Private and never stored, whether the answer is the loader's or an action's.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadAccount(request, context);
export const action = ({ request, context }: Route.ActionArgs) => accountAction(request, context);

const button = "rounded-full px-4 py-2 font-bold ring-1 ring-black/15 hover:bg-black/5 dark:ring-white/20 dark:hover:bg-white/10";

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const result = useActionData<typeof action>();
  const dates = useConsoleDates(loaderData.timeZone);
  const date = (ms: number | null) => (ms === null ? t("console.account.none") : dates({ dateStyle: "long" }).format(ms));
  const s = loaderData.subscription;
  return (
    <section aria-labelledby="account-title" className="max-w-xl space-y-5">
      <h1 id="account-title" className="text-2xl font-bold">
        {t("console.account.title")}
      </h1>
      {!loaderData.active && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-bold text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("console.account.inactive")}
        </p>
      )}
      {(loaderData.notice === "failed" || result?.error === "unavailable") && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
          {t(result?.error ? "console.account.unavailable" : "console.account.failed")}
        </p>
      )}
      {result?.done === "cancelled" && (
        <p role="status" className="rounded-xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {t("console.account.cancelled")}
        </p>
      )}
      {s && (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-2xl bg-white p-4 ring-1 ring-black/10 dark:bg-stone-900 dark:ring-white/15">
            <dt className="font-bold">{t("console.account.plan")}</dt>
            <dd data-testid="account-plan">{t(`console.account.plans.${s.plan}`)}</dd>
            <dt className="font-bold">{t("console.account.status")}</dt>
            <dd data-testid="account-status">{t(`console.account.statuses.${s.status}`)}</dd>
            <dt className="font-bold">{t("console.account.trialEnd")}</dt>
            <dd>{date(s.trialEndsAt)}</dd>
            <dt className="font-bold">{s.cancelAtPeriodEnd ? t("console.account.endsOn") : t("console.account.nextCharge")}</dt>
            <dd>{date(s.status === "canceled" ? null : s.currentPeriodEnd)}</dd>
          </dl>
          <p className="text-sm" data-testid="billed-in">
            {t("console.account.billedIn")}
          </p>
          {s.payBy !== null && (
            <p role="alert" className="rounded-xl bg-amber-100 p-3 font-bold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {t("console.account.pastDue", { date: date(s.payBy) })}
            </p>
          )}
          {s.cancelAtPeriodEnd && s.status !== "canceled" && <p>{t("console.account.cancelling")}</p>}
          <div className="flex flex-wrap gap-3">
            {s.status === "incomplete" ? (
              <Form method="post">
                <button type="submit" name="intent" value="start" className={button}>
                  {t("console.account.startBilling")}
                </button>
              </Form>
            ) : (
              <Form method="post">
                <button type="submit" name="intent" value="manage" className={button}>
                  {t("console.account.manage")}
                </button>
              </Form>
            )}
          </div>
          {(s.provider === "demo" || result?.done === "demo-manage") && (
            <p className="text-sm font-bold text-amber-900 dark:text-amber-200" data-testid="demo-billing">
              {t("console.account.demoManage")}
            </p>
          )}
          {!s.cancelAtPeriodEnd && s.status !== "canceled" && s.status !== "incomplete" && (
            <details className="rounded-2xl p-4 ring-1 ring-red-700/30">
              <summary className="cursor-pointer font-bold text-red-700 dark:text-red-400">{t("console.account.cancel")}</summary>
              <p className="mt-3">{t("console.account.cancelQuestion")}</p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="confirm" value="yes" />
                <button type="submit" name="intent" value="cancel" className="rounded-full bg-red-700 px-4 py-2 font-bold text-white hover:bg-red-800">
                  {t("console.account.cancelConfirm")}
                </button>
              </Form>
            </details>
          )}
        </>
      )}
      <CurrencySection currency={loaderData.currency} result={result} />
      <div className="rounded-2xl p-4 ring-1 ring-black/10 dark:ring-white/15">
        <a href="/console/account/export" download data-testid="download-data" className={`inline-block ${button}`}>
          {t("console.account.download")}
        </a>
        <p className="mt-2 text-sm">{t("console.account.downloadHint")}</p>
        <p className="mt-2 text-sm" data-testid="download-secrets">
          {t("console.account.downloadSecrets")}
        </p>
      </div>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
