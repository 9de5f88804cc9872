// /console/orders: read-only until the live orders board lands (its own issue): today's orders per
// branch, newest first, with number, table, status, total and items.
import type { Route } from "./+types/orders";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import { statusName } from "../../../worker/api/ordering/status-table";
import { loadOrders } from "./orders.server";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(request, context);
}

export default function ConsoleOrders({ loaderData: { branches, currency } }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className="text-2xl font-bold">{t("console.screens.orders.title")}</h1>
      {branches.map((branch) => (
        <section key={branch.id} aria-labelledby={`branch-${branch.id}`} className="mt-5" data-testid={`orders-branch-${branch.id}`}>
          <h2 id={`branch-${branch.id}`} className="text-lg font-bold">{localized(branch, "name", lang)}</h2>
          {branch.orders.length === 0 ? (
            <p className="mt-2 text-stone-600 dark:text-stone-300">{t("console.screens.orders.empty")}</p>
          ) : (
            <ul className="mt-2 grid gap-3 md:grid-cols-2">
              {branch.orders.map((order) => (
                <li key={order.id} data-testid="console-order" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-bold">{t("console.screens.orders.number", { number: order.num_order })}</p>
                    <p className="text-sm font-bold">{t(`console.screens.orders.statuses.${statusName(order.status)}`)}</p>
                  </div>
                  <p className="text-sm text-stone-600 dark:text-stone-300">
                    {t("console.screens.orders.table", { table: order.table_id })} · {order.paid ? t("console.screens.orders.paid") : t("console.screens.orders.unpaid")}
                  </p>
                  <ul aria-label={t("console.screens.orders.items")} className="mt-2 text-sm">
                    {order.items.map((item, i) => <li key={i}><span dir="ltr">{item.amount}×</span> {localized(item, "name", lang)}</li>)}
                  </ul>
                  <p className="mt-2 text-sm font-bold">{t("console.screens.orders.total")}: {formatMoney(order.price, lang, currency)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
