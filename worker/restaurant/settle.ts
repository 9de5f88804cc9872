// The one place a payment session is decided: paid (the order becomes paid) or cancelled (the unpaid
// order is canceled). Decided once: only an open session closes, and the order changes only from
// unpaid, so a replayed or late decision changes nothing. The diner's open orders screen, and the
// branch's board when it is paid, are told live.
import { ORDER_STATUS_EVENT, orderChannel, restaurantHub } from "../realtime/channels";
import { publish } from "../realtime/publish";
import { publishBoard } from "./move-order";
import { ORDER_STATUS } from "../rules/status-table";
import type { ObjectStatement } from "./sql-bridge";
import { issueInvoice } from "./invoices";
import { restaurantOrders, type RestaurantRef } from "./stub";

export type Outcome = "paid" | "cancelled";

interface Settled {
  id: number;
  branch_id: number;
  public_id: string | null;
  status: number;
  paid: number;
}

/**
 * Closes session `id` of the restaurant (its object holds the session and the order) with `outcome`.
 * `openUntil` (ms) refuses a session past its end (the demo page);
 * Stripe's word needs none, its own expiry is the truth. `also` runs in the same transaction (the
 * webhook's record of the event). Returns the order when this call changed it.
 */
export async function settle(
  env: Env,
  restaurant: RestaurantRef & { domain: string },
  id: string,
  outcome: Outcome,
  options: { openUntil?: number; also?: ObjectStatement[] } = {},
): Promise<Settled | null> {
  const db = restaurantOrders(env, restaurant);
  const [, changed] = await db.batch<Settled>([
    db
      .prepare("UPDATE payment_sessions SET status = ?2 WHERE id = ?1 AND status = 'open' AND (?3 IS NULL OR expires_at > ?3)")
      .bind(id, outcome, options.openUntil ?? null),
    outcome === "paid"
      ? db
          .prepare(
            "UPDATE orders SET paid = 1 WHERE id = (SELECT order_id FROM payment_sessions WHERE id = ? AND status = 'paid') AND paid = 0 RETURNING id, branch_id, public_id, status, paid",
          )
          .bind(id)
      : db
          .prepare(
            "UPDATE orders SET status = ?2 WHERE id = (SELECT order_id FROM payment_sessions WHERE id = ?1 AND status = 'cancelled') AND paid = 0 AND status <> ?2 RETURNING id, branch_id, public_id, status, paid",
          )
          .bind(id, ORDER_STATUS.canceled),
    // A sale: its tax invoice in the same transaction (a replayed decision issues none: one per order).
    ...(outcome === "paid" ? [issueInvoice(db, "SELECT order_id FROM payment_sessions WHERE id = ? AND status = 'paid'", [id], Date.now())] : []),
    ...(options.also ?? []),
  ]);
  const order = changed!.results[0] ?? null;
  if (!order) return null;
  // Whose hub the order's channels live on (docs/decisions/0038).
  const { domain } = restaurant;
  if (order.public_id) {
    // Best effort: the change is stored, and the screen catches up on its next load or reconnect.
    await publish(env, {
      hub: restaurantHub(domain),
      channel: orderChannel(order.public_id),
      event: ORDER_STATUS_EVENT,
      data: { order_id: order.id, status: order.status, paid: order.paid === 1 },
    }).catch((error: unknown) => console.error("settle: realtime publish failed", error));
  }
  // A paid online order now shows on the branch's board (an unpaid one never did).
  if (outcome === "paid") await publishBoard(env, domain, order.branch_id, { order_id: order.id, status: order.status });
  return order;
}
