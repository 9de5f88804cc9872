// The one place a payment session is decided (paid, or cancelled), and the screens told: the restaurant's
// object decides it on its rows (./settle-rows.ts), then the diner's open orders screen, and the branch's
// board when it is paid, hear of it live.
import { ORDER_STATUS_EVENT, orderChannel, restaurantHub } from "../realtime/channels";
import { publish } from "../realtime/publish";
import { publishBoard } from "./board-events";
import type { Decision, Outcome, Settled } from "./settle-rows";
import { restaurantCall, type RestaurantRef } from "./stub";

export type { Outcome };

/**
 * Closes session `id` of the restaurant (its object holds the session and the order) with `outcome`.
 * `openUntil` (ms) refuses a session past its end (the demo page); Stripe's word needs none, its own
 * expiry is the truth. `event`: Stripe's, recorded in the same transaction. Returns the order when this call changed it.
 */
export async function settle(
  env: Env,
  restaurant: RestaurantRef & { domain: string },
  id: string,
  outcome: Outcome,
  options: { openUntil?: number; event?: Decision["event"] } = {},
): Promise<Settled | null> {
  const order = await restaurantCall(env, restaurant, "settleSession", id, { outcome, openUntil: options.openUntil ?? null, event: options.event ?? null });
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
  if (outcome === "paid") await publishBoard(env, restaurant, order.branch_id, { order: order.id });
  return order;
}
