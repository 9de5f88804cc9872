// The orders board's door (/console/orders): today's orders of a branch with the diners' open calls,
// its printers and the SMS budget (the currency is the member's row's), and the board's actions on an order (move, refund retry, paid at the
// counter, reprint) or a call ("On my way"). The order rules are the restaurant's (../restaurant/*);
// every read and action is scoped by the member's restaurant, and the route checks the member's branches.
import { restaurantOfMember } from "../directory/directory";
import type { OrderRestaurant } from "../directory/order-restaurants";
import type { ConsoleBranch } from "../restaurant/branch-rows";
import { publishAcknowledged, publishBoard } from "../restaurant/board-events";
import { attemptRefund } from "../restaurant/refund";
import { moveOrder as moveRestaurantOrder } from "../restaurant/move-order";
import { refundProvider } from "../providers/refunds";
import type { OrderStatus } from "../rules/status-table";
import { smsBudgetToday } from "./sms-budget";
import { restaurantCall } from "../restaurant/stub";
import type { ConsoleTenant } from "./reads";

/** Moves an order on the board (a cancelled card-paid one is refunded through its provider). */
export const moveOrder = (env: Env, restaurant: OrderRestaurant, orderId: number, status: OrderStatus) =>
  moveRestaurantOrder(env, restaurant, orderId, status, refundProvider(env, restaurant));
export type { RefundStatus } from "../restaurant/refund-rows";
// The board's partial refund (its dialog posts to /console/orders/refund).
export { refundPart } from "./partial-refund";
export { branchesIn as boardBranches } from "./reads";

/** The branch's board (none: no branch the member works in): its orders, open calls and printers with the sequence number they are current to (docs/decisions/0084), and the SMS budget. */
export async function boardOf(env: Env, tenant: ConsoleTenant, branch: ConsoleBranch | null) {
  const [view, smsBudget] = await Promise.all([
    branch ? restaurantCall(env, tenant, "boardView", branch.id, branch.time_zone, Date.now()) : { seq: 0, orders: [], calls: [], printers: [] },
    smsBudgetToday(env, tenant),
  ]);
  return { ...view, smsBudget };
}

/**
 * The restaurant as the order rules take it (its directory row), or null: the row this place caches under the
 * restaurant's version (../directory/directory.ts), so a tap on the board reads no D1 once warm (docs/decisions/0088).
 */
export const boardRestaurant = (env: Env, tenant: ConsoleTenant): Promise<OrderRestaurant | null> => restaurantOfMember(env, tenant);

/** An order the board may act on (placed by code, or paid): its branch and status, or null. */
export const boardOrder = (env: Env, restaurant: OrderRestaurant, orderId: number) => restaurantCall(env, restaurant, "boardOrder", orderId);

/** A cancelled card order's failed refund, tried again (claimed by a conditional write: a done or running one is not). */
export const retryRefund = (env: Env, restaurant: OrderRestaurant, orderId: number) =>
  attemptRefund(env, restaurant, orderId, "retry", refundProvider(env, restaurant));

/** Marks an order paid at the counter (one conditional write with its invoice) and tells the branch's screens; false: not waiting for it. */
export async function paidAtCounter(env: Env, restaurant: OrderRestaurant, order: { id: number; branch_id: number; status: number }): Promise<boolean> {
  if (!(await restaurantCall(env, restaurant, "markPaidAtCounter", order.id, Date.now()))) return false;
  await publishBoard(env, restaurant, order.branch_id, { order: order.id });
  return true;
}

/** "On my way": a call from a table of `branches`, acknowledged once; its diner and the branch's screens are told. */
export async function acknowledge(env: Env, tenant: ConsoleTenant, branches: number[], publicId: string) {
  const done = await restaurantCall(env, tenant, "acknowledgeCall", branches, publicId, Date.now());
  if (done.ok) await publishAcknowledged(env, tenant, done.call.branch_id, publicId);
  return done;
}

/** A ticket again for each paired printer of the order's branch (once while one waits). */
export const reprint = (env: Env, tenant: ConsoleTenant, orderId: number, statuses: readonly number[]) =>
  restaurantCall(env, tenant, "reprintOrder", orderId, statuses, Date.now());
