// One endpoint's recent deliveries on /console/webhooks: the event, its order, where it stands and each
// attempt's answer (a retry after a 500 shows both), with "Re-send" on a failed one.
import { Form } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import type { DeliveryRow } from "~/lib/console-types";

interface Try {
  attempt: number;
  at: number;
  ok: number;
  response_code: number | null;
  error: string | null;
}

const STATE_STYLE = {
  pending: "bg-amber-100 text-amber-950",
  delivered: "bg-emerald-100 text-emerald-950",
  failed: "bg-red-100 text-red-950",
} as const;

export function DeliveryLog({ deliveries, when }: { deliveries: DeliveryRow[]; when: Intl.DateTimeFormat }) {
  const { t } = useConsoleTranslation();
  if (deliveries.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.webhooks.noDeliveries")}</p>;
  return (
    <ol className="divide-y divide-black/10 dark:divide-white/10" data-testid="webhook-log">
      {deliveries.map((delivery) => {
        const tries = JSON.parse(delivery.tries) as Try[];
        return (
          <li key={delivery.id} data-testid="webhook-delivery" data-event={delivery.type} data-state={delivery.state} className="grid gap-1 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <code dir="ltr" className="font-bold">
                {delivery.type}
              </code>
              {delivery.num_order !== null && <span>{t("console.webhooks.order", { number: delivery.num_order })}</span>}
              <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATE_STYLE[delivery.state]}`}>
                {t(`console.webhooks.states.${delivery.state}`)}
              </span>
              {delivery.state === "failed" && (
                <Form method="post" className="ms-auto">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="delivery" value={delivery.id} />
                  <button type="submit" className="rounded-full px-3 py-1 font-bold ring-1 ring-black/15 dark:ring-white/20">
                    {t("console.webhooks.resend")}
                  </button>
                </Form>
              )}
            </div>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-stone-600 dark:text-stone-300">
              {tries.map((attempt) => (
                <li key={attempt.attempt} data-testid="webhook-attempt" data-code={attempt.response_code ?? ""}>
                  {t("console.webhooks.attempt", { attempt: attempt.attempt })} ·{" "}
                  <span dir="ltr" className={attempt.ok ? "" : "font-bold text-red-800 dark:text-red-300"}>
                    {attempt.response_code ?? t("console.webhooks.noAnswer")}
                  </span>{" "}
                  · <time dateTime={new Date(attempt.at).toISOString()}>{when.format(attempt.at)}</time>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
