// A Tap-paid order's refund (a cancel's, or the board's partial one: docs/decisions/0083) (docs/decisions/0076; the claim and its record are
// ../../restaurant/refund.ts's): POST /v2/refunds on the restaurant's own account for the claimed amount
// (the order's total, or the partial amount the refund rules set), one idempotency key per attempt, then
// re-read once: Tap answers PENDING while it checks the wallet, REFUNDED when done (a pending one is
// decided later by its re-read: ./notify.ts).
import type { OrderRestaurant } from "../../directory/order-restaurants";
import type { ClaimedRefund, RefundAnswer } from "../../restaurant/refund-rows";
import { minorOfTap, tapAmount } from "../../rules/tap-amount";
import { restaurantTap } from "./connection";

/** Tap's refund statuses that are final and not a refund. */
export const REFUND_REFUSED = new Set(["CANCELLED", "FAILED", "DECLINED", "RESTRICTED", "TIMEDOUT"]);

export async function refundOnTap(env: Env, restaurant: OrderRestaurant, refund: ClaimedRefund): Promise<RefundAnswer> {
  const tap = await restaurantTap(env, restaurant);
  if (!tap) return { status: "failed", error: "Tap is not connected for this restaurant." };
  if (!refund.charge_id) return { status: "failed", error: "The paid session names no Tap charge." };
  const created = await tap.api.createRefund({
    charge_id: refund.charge_id,
    amount: tapAmount(refund.amount, refund.currency),
    currency: refund.currency,
    reason: "requested_by_customer",
    reference: { merchant: `order-${refund.order_id}`, idempotent: `refund-r${restaurant.id}-order-${refund.order_id}-${refund.id}-${refund.attempts}` },
    metadata: { order_id: String(refund.order_id), refund: String(refund.id) },
  });
  if (!created.ok) return { status: "failed", error: `Tap: ${created.message} (${created.status})` };
  let answer = created.value;
  if (answer.status !== "REFUNDED") {
    const again = await tap.api.retrieveRefund(answer.id);
    if (again.ok) answer = again.value;
  }
  const amount = minorOfTap(answer.amount, answer.currency) ?? refund.amount;
  if (answer.status === "REFUNDED") return { status: "succeeded", provider_id: answer.id, amount };
  if (REFUND_REFUSED.has(answer.status))
    return { status: "failed", error: `Tap refund ${answer.id} is ${answer.status}: ${answer.response?.message ?? ""}`.trim() };
  return { status: "pending", provider_id: answer.id, amount };
}
