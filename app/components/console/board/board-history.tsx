// The board's "Earlier today": today's canceled orders and ready orders that left the Ready column,
// folded away, each with its number, table, status and a refund's state.
import { useConsoleTranslation } from "~/locales/console";
import type { ConsoleOrder } from "~/lib/console-types";
import { statusName } from "../../../../worker/rules/status-table";
import { RefundNote } from "./refund-note";

export function BoardHistory({ orders, currency }: { orders: readonly ConsoleOrder[]; currency: string }) {
  const { t } = useConsoleTranslation();
  return (
    <details className="mt-5 rounded-3xl bg-white p-4 ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10" data-testid="board-history">
      <summary className="cursor-pointer text-lg font-bold">
        {t("console.board.history")} ({orders.length})
      </summary>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t("console.board.historyEmpty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-black/5 dark:divide-white/10">
          {orders.map((o) => (
            <li key={o.id} data-testid="history-order" data-order-id={o.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span className="font-bold">
                {t("console.screens.orders.number", { number: o.num_order })} · {t("console.screens.orders.table", { table: o.table_id })}
              </span>
              <span>
                {t(`console.screens.orders.statuses.${statusName(o.status)}`)}
                {o.refund && (
                  <>
                    {" "}
                    · <RefundNote refund={o.refund} currency={currency} total={o.price} />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
