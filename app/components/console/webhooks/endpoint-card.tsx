// One webhook endpoint on /console/webhooks: its URL and state (a notice when it is failing or was
// switched off for it), its actions, and its delivery log.
import { Form } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import type { DeliveryRow, Endpoint } from "~/lib/console-types";
import { DeliveryLog } from "./delivery-log";

const button = "rounded-full px-4 py-2 font-bold ring-1 ring-black/15 dark:ring-white/20";

function Action({ intent, id, label, confirm }: { intent: string; id: number; label: string; confirm?: string }) {
  return (
    <Form method="post" onSubmit={(event) => confirm && !window.confirm(confirm) && event.preventDefault()}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={button}>
        {label}
      </button>
    </Form>
  );
}

export function EndpointCard({ endpoint, deliveries, when }: { endpoint: Endpoint; deliveries: DeliveryRow[]; when: Intl.DateTimeFormat }) {
  const { t } = useConsoleTranslation();
  const on = endpoint.enabled === 1;
  return (
    <li data-testid="webhook-endpoint" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
      <div className="flex flex-wrap items-center gap-2">
        <code dir="ltr" className="min-w-0 break-all font-bold">
          {endpoint.url}
        </code>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${on ? "bg-emerald-100 text-emerald-950" : "bg-stone-200 text-stone-900"}`}>
          {on ? t("console.webhooks.on") : t("console.webhooks.off")}
        </span>
      </div>
      {!on && endpoint.disabled_at !== null && (
        <p role="alert" data-testid="webhook-switched-off" className="rounded-xl bg-red-100 px-3 py-2 text-sm font-bold text-red-950">
          {t("console.webhooks.switchedOff", { date: when.format(endpoint.disabled_at) })}
        </p>
      )}
      {on && endpoint.failing_since !== null && (
        <p className="rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-950">
          {t("console.webhooks.failingSince", { date: when.format(endpoint.failing_since) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!on && <Action intent="switchOn" id={endpoint.id} label={t("console.webhooks.switchOn")} />}
        <Action intent="test" id={endpoint.id} label={t("console.webhooks.test")} />
        <Action intent="renew" id={endpoint.id} label={t("console.webhooks.renew")} confirm={t("console.webhooks.renewConfirm")} />
        <Action intent="remove" id={endpoint.id} label={t("console.webhooks.remove")} confirm={t("console.webhooks.removeConfirm")} />
      </div>
      <h3 className="font-bold">{t("console.webhooks.logTitle")}</h3>
      <DeliveryLog deliveries={deliveries} when={when} />
    </li>
  );
}
