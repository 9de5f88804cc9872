// The one home of moving an order's status (the restaurant's API call and the console's board):
// one conditional write along the status table (./move-order-rows.ts), then the diner's channel and
// the branch's board are told. Online orders are moved only once paid (until then nobody but the payer sees them).
// Cancelling a card-paid order opens its refund in the same transaction and makes its first attempt.
import { ORDER_STATUS_EVENT, orderChannel } from "../realtime/channels";
import { attemptRefund, type AskRefund, type RefundState } from "./refund";
import type { OrderStatus } from "../rules/status-table";
import type { OrderRestaurant } from "../directory/order-restaurants";
import { restaurantCall } from "./stub";
import { publishBoard, tell } from "./board-events";

export type MoveOutcome =
  | { ok: true; changed: boolean; order_id: number; status: number; refund?: RefundState | null }
  | { ok: false; problem: "notFound" }
  | { ok: false; problem: "unpaid" | "notAllowed"; order_id: number; status: number };

/**
 * Moves order `orderId` of the restaurant (in its object: ./move-order-rows.ts) to `status`: only the call
 * that moved it publishes, so concurrent calls cannot both move the order or tell it twice.
 * `askRefund`: the refund's provider (worker/providers/refunds.ts), asked when a card-paid order is cancelled.
 */
export async function moveOrder(env: Env, restaurant: OrderRestaurant, orderId: number, status: OrderStatus, askRefund: AskRefund): Promise<MoveOutcome> {
  const { moved, current, refund } = await restaurantCall(env, restaurant, "moveOrderRows", orderId, status);
  if (moved) {
    // The restaurant's domain names the hub its channels live on (docs/decisions/0038).
    const { domain } = restaurant;
    await Promise.all([
      moved.public_id ? tell(env, domain, orderChannel(moved.public_id), ORDER_STATUS_EVENT, { order_id: orderId, status }) : undefined,
      publishBoard(env, restaurant, moved.branch_id, { order: orderId }),
    ]);
    if (!refund) return { ok: true, changed: true, order_id: orderId, status };
    // Its outcome is told to the diner and the board (a failure shows there with its retry).
    const state = await attemptRefund(env, restaurant, orderId, "first", askRefund);
    return { ok: true, changed: true, order_id: orderId, status, refund: state };
  }
  // Another restaurant's order is as unknown as a missing one.
  if (!current) return { ok: false, problem: "notFound" };
  if (current.unpaid) return { ok: false, problem: "unpaid", order_id: orderId, status: current.status };
  // The same status again (a retry): nothing changes and nothing is published.
  if (current.status === status) return { ok: true, changed: false, order_id: orderId, status };
  return { ok: false, problem: "notAllowed", order_id: orderId, status: current.status };
}
