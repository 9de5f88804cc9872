// /table/{t}/{domain}/{branch_id}/service: a table asks for service (docs/decisions/0055). "Call waiter" and "Bring
// the bill" (by card or at the counter) are plain forms, so they work before the script loads; the
// table's calls show where they stand, and "A waiter is on the way" arrives live on each call's channel
// (after a dropped connection the loader runs again: events sent meanwhile are not replayed).
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/service";
import { TenantErrorBoundary } from "~/components/error-screen";
import { tenantTitle } from "~/lib/seo";
import { useRealtime } from "~/lib/use-realtime";
import { useOrderingTranslation } from "~/locales/ordering";
import { SERVICE_EVENT } from "../../../worker/realtime/channels";
import { useBranch } from "./branch-layout";
import { dateFormat } from "../../../worker/rules/date-locale";
import { loadService, serviceAction } from "./service.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const handle = { back: "home" };
export const meta: Route.MetaFunction = (args) => tenantTitle(args, (_, t) => t("nav.service"));
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadService(context, params);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return serviceAction(request, context, params);
}

/** A call as the loader sends it. */
type ServiceCall = Route.ComponentProps["loaderData"]["calls"][number];

const button = "min-h-12 w-full rounded-2xl bg-primary px-4 py-3 text-lg font-bold text-on-primary disabled:opacity-60";

/** One call and where it stands: waiting for staff, or on its way (said politely to screen readers as it changes). */
function CallState({ call, branch }: { call: ServiceCall; branch: { timeZone: string | null; country: string | null } }) {
  const { t, lang } = useOrderingTranslation();
  const time = dateFormat({ lang, country: branch.country, zone: branch.timeZone }, { hour: "numeric", minute: "2-digit" }).format(call.created_at);
  const coming = call.acknowledged_at !== null;
  const said = coming
    ? t(call.kind === "waiter" ? "service.waiterComing" : "service.billComing")
    : call.kind === "waiter"
      ? t("service.waiterWaiting")
      : t("service.billWaiting", { pay: t(call.pay === "counter" ? "service.payingCounter" : "service.payingCard") });
  return (
    <li
      data-testid="service-call-state"
      data-kind={call.kind}
      data-coming={coming}
      className={`rounded-2xl p-3 font-bold ${coming ? "bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100" : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100"}`}
    >
      {said}
      <span className="block text-sm font-semibold">{t("service.at", { time })}</span>
    </li>
  );
}

export default function Service({ loaderData: { table, calls, hub } }: Route.ComponentProps) {
  const { t } = useOrderingTranslation();
  const branch = useBranch();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const outcome = useActionData<typeof action>();
  const busy = navigation.state === "submitting";
  useRealtime({
    hub,
    channels: calls.filter((c) => c.acknowledged_at === null).map((c) => c.channel),
    event: SERVICE_EVENT,
    onEvent: () => void revalidator.revalidate(),
    onReconnect: () => void revalidator.revalidate(),
  });
  return (
    <main id="main" className="mx-auto grid max-w-xl gap-4 px-5 pb-4">
      <h1 className="text-2xl font-bold">{t("service.title", { table })}</h1>
      <p>{t("service.intro")}</p>
      <Form method="post" replace>
        <input type="hidden" name="kind" value="waiter" />
        <button type="submit" disabled={busy} data-testid="call-waiter" className={button}>
          {t("service.waiter")}
        </button>
      </Form>
      <Form method="post" replace className="grid gap-3 rounded-3xl p-3 ring-1 ring-on-surface/15">
        <input type="hidden" name="kind" value="bill" />
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-bold">{t("service.howPay")}</legend>
          {(["card", "counter"] as const).map((pay) => (
            <label key={pay} className="flex min-h-11 items-center gap-3 rounded-xl px-2">
              <input type="radio" name="pay" value={pay} defaultChecked={pay === "card"} className="size-5 accent-primary" />
              {t(`service.${pay}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy} data-testid="call-bill" className={button}>
          {t("service.bill")}
        </button>
      </Form>
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="service-outcome"
          className={`rounded-2xl p-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100"}`}
        >
          {outcome.ok ? t("service.sent") : t(`service.${outcome.problem === "invalid" ? "unavailable" : outcome.problem}`)}
        </p>
      )}
      {calls.length > 0 && (
        <section aria-labelledby="calls-title" aria-live="polite">
          <h2 id="calls-title" className="mb-2 text-lg font-bold">
            {t("service.calls")}
          </h2>
          <ul className="grid gap-2">
            {calls.map((call) => (
              <CallState key={call.id} call={call} branch={branch.branch} />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export const ErrorBoundary = TenantErrorBoundary;
