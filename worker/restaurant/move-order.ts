// The one home of moving an order's status (the restaurant's API call and the console's board):
// one conditional write along the status table, then the diner's channel and the branch's board
// are told. Online orders are moved only once paid (until then nobody but the payer sees them).
// Cancelling a card-paid order opens its refund in the same transaction and makes its first attempt.
import { BOARD_EVENT, branchOrdersChannel, ORDER_STATUS_EVENT, orderChannel, restaurantHub, SERVICE_EVENT, serviceChannel } from "../realtime/channels";
import { publish } from "../realtime/publish";
import { attemptRefund, openRefund, type AskRefund, type RefundState } from "./refund";
import { ORDER_STATUS, sourcesOf, type OrderStatus } from "../rules/status-table";
import { issueCreditNote } from "./invoices";
import type { OrderRestaurant } from "../directory/order-restaurants";
import { restaurantOrders } from "./stub";

export type MoveOutcome =
  | { ok: true; changed: boolean; order_id: number; status: number; refund?: RefundState | null }
  | { ok: false; problem: "notFound" }
  | { ok: false; problem: "unpaid" | "notAllowed"; order_id: number; status: number };

/** Best effort: the status is stored, and screens catch up on their next load or reconnect. */
async function tell(env: Env, domain: string, channel: string, event: string, data: unknown) {
  try {
    await publish(env, { hub: restaurantHub(domain), channel, event, data });
  } catch (error) {
    console.error(`realtime publish on ${channel} failed`, error);
  }
}

/** Tells the board of branch `branchId` of restaurant `domain` that an order (or a call from a table: `{call}`) arrived or changed (it then reloads its list). */
export const publishBoard = (env: Env, domain: string, branchId: number, data: { order_id: number; status: number } | { call: string }) =>
  tell(env, domain, branchOrdersChannel(branchId), BOARD_EVENT, data);

/** Tells a call's diner (its channel) that staff acknowledged it, and the branch's other screens. */
export const publishAcknowledged = (env: Env, domain: string, branchId: number, publicId: string) =>
  Promise.all([tell(env, domain, serviceChannel(publicId), SERVICE_EVENT, { id: publicId }), publishBoard(env, domain, branchId, { call: publicId })]);

/**
 * Moves order `orderId` of the restaurant (in its object) to `status`. One transaction: the write happens
 * only from an allowed status (so concurrent calls cannot both move the order, and only the one that
 * moved it publishes), then the row as it is now explains a write that matched nothing.
 */
/** `askRefund`: the refund's provider (worker/providers/refunds.ts), asked when a card-paid order is cancelled. */
export async function moveOrder(env: Env, restaurant: OrderRestaurant, orderId: number, status: OrderStatus, askRefund: AskRefund): Promise<MoveOutcome> {
  const db = restaurantOrders(env, restaurant);
  const restaurantId = restaurant.id;
  // A card-paid order's amount, read before a cancel (an order's price never changes).
  const paid =
    status === ORDER_STATUS.canceled
      ? await db
          .prepare("SELECT total_minor, currency FROM orders WHERE id = ? AND restaurant_id = ? AND payment = 'online' AND paid = 1")
          .bind(orderId, restaurantId)
          .first<{ total_minor: number; currency: string }>()
      : null;
  const [moved, now] = await db.batch<{ public_id: string | null; branch_id: number } & { status: number; unpaid: number }>([
    db
      .prepare(
        `UPDATE orders SET status = ?1 WHERE id = ?2 AND restaurant_id = ?3 AND status IN (SELECT value FROM json_each(?4))
                AND NOT (payment = 'online' AND paid = 0) RETURNING public_id, branch_id`,
      )
      .bind(status, orderId, restaurantId, JSON.stringify(sourcesOf(status))),
    db.prepare("SELECT status, payment = 'online' AND paid = 0 AS unpaid FROM orders WHERE id = ? AND restaurant_id = ?").bind(orderId, restaurantId),
    ...(paid ? [openRefund(db, orderId, restaurantId, paid.total_minor, paid.currency)] : []),
    // A paid order cancelled: the credit note of its invoice, in the same transaction (none without an invoice).
    ...(status === ORDER_STATUS.canceled ? [issueCreditNote(db, orderId, Date.now())] : []),
  ]);
  const row = moved!.results[0];
  if (row) {
    // The restaurant's domain names the hub its channels live on (docs/decisions/0038).
    const { domain } = restaurant;
    await Promise.all([
      row.public_id ? tell(env, domain, orderChannel(row.public_id), ORDER_STATUS_EVENT, { order_id: orderId, status }) : undefined,
      publishBoard(env, domain, row.branch_id, { order_id: orderId, status }),
    ]);
    if (!paid) return { ok: true, changed: true, order_id: orderId, status };
    // Its outcome is told to the diner and the board (a failure shows there with its retry).
    const refund = await attemptRefund(env, restaurant, orderId, "first", askRefund);
    return { ok: true, changed: true, order_id: orderId, status, refund };
  }
  const current = now!.results[0];
  // Another restaurant's order is as unknown as a missing one.
  if (!current) return { ok: false, problem: "notFound" };
  if (current.unpaid) return { ok: false, problem: "unpaid", order_id: orderId, status: current.status };
  // The same status again (a retry): nothing changes and nothing is published.
  if (current.status === status) return { ok: true, changed: false, order_id: orderId, status };
  return { ok: false, problem: "notAllowed", order_id: orderId, status: current.status };
}
