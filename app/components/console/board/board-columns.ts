// Which column of the board each of today's orders goes in: New and Preparing oldest first (a pickup
// order by its pickup time among them), the latest ready ones in Ready, older ready and canceled ones in
// the history, and a failed refund kept in sight until it is retried.
import type { ConsoleOrder } from "~/lib/console-types";
import { ORDER_STATUS } from "../../../../worker/rules/status-table";
import { storedTime } from "../../../../worker/rules/local-time";

/** How many ready orders stay in the Ready column; older ones (collected by now) fold into the history. */
const READY_SHOWN = 6;

/** When an order is wanted: a pickup order at its time, any other as soon as it was placed. */
const wantedAt = (o: ConsoleOrder) => o.pickup_at ?? storedTime(o.created_at);

export function boardColumns(orders: readonly ConsoleOrder[]) {
  // Oldest first, pickup orders by their time among them (one for 12:30 placed at 11:50 waits its turn).
  const oldestFirst = [...orders].sort((a, b) => wantedAt(a) - wantedAt(b));
  const ready = orders.filter((o) => o.status === ORDER_STATUS.ready);
  const readyShown = new Set(ready.slice(0, READY_SHOWN).map((o) => o.id));
  return {
    pending: oldestFirst.filter((o) => o.status === ORDER_STATUS.pending),
    inProcess: oldestFirst.filter((o) => o.status === ORDER_STATUS.inProcess),
    ready: ready.filter((o) => readyShown.has(o.id)),
    history: orders.filter((o) => o.status === ORDER_STATUS.canceled || (o.status === ORDER_STATUS.ready && !readyShown.has(o.id))),
    refunds: orders.filter((o) => o.refund?.retry),
  };
}
