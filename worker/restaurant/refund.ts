// Refunds of cancelled card-paid orders (docs/decisions/0029): the cancel's own transaction opens the refund row
// (./move-order-rows.ts), then one attempt claims it by a conditional write and asks the paid session's
// provider (passed in by the caller: worker/providers/refunds.ts): Stripe refunds the PaymentIntent on
// the restaurant's connected account, the demo provider records a DEMO refund. A failure is stored (status, attempt count, error) and shown on the board with a
// retry; a retry claims only a failed or stalled refund, so concurrent cancels and retries refund once.
// The rows are the object's (./refund-rows.ts); this file makes the attempt and tells the screens.
import { ORDER_STATUS_EVENT, orderChannel, restaurantHub } from "../realtime/channels";
import { publish } from "../realtime/publish";
import { restaurantsOfAccount, type OrderRestaurant } from "../directory/order-restaurants";
import type { ClaimedRefund, RefundAnswer, RefundStatus } from "./refund-rows";
import { restaurantCall } from "./stub";
import { publishBoard } from "./board-events";

/** The paid session's PaymentIntent as the restaurant's rows keep it (Stripe names it once; it is kept). */
export interface PaymentIntents {
  stored(): Promise<string | null>;
  remember(intent: string): Promise<void>;
}

/** Asks the paid session's provider for the claimed refund (worker/providers/refunds.ts: Stripe, or the demo). */
export type AskRefund = (refund: ClaimedRefund, intents: PaymentIntents) => Promise<RefundAnswer>;

export interface RefundState {
  status: RefundStatus;
  amount: number;
  currency: string;
  provider: "demo" | "stripe" | "tap";
}

/**
 * One attempt at one of order `orderId`'s refunds: `refundId` (a partial one the board just opened), else
 * the cancel's. `first`: only a refund never attempted (the cancel or the board's request that opened it);
 * otherwise only a failed one or a stalled pending one (the board's retry). Returns the refund as it now
 * is, or null when nothing was claimed (none, done, or another attempt holds it).
 */
export async function attemptRefund(
  env: Env,
  restaurant: OrderRestaurant,
  orderId: number,
  which: "first" | "retry",
  ask: AskRefund,
  now = Date.now(),
  refundId: number | null = null,
): Promise<RefundState | null> {
  const claimed = await restaurantCall(env, restaurant, "claimRefund", orderId, which, now, refundId);
  if (!claimed) return null;
  const intents: PaymentIntents = {
    stored: () => restaurantCall(env, restaurant, "sessionIntent", claimed.session_id),
    remember: (intent) => restaurantCall(env, restaurant, "keepSessionIntent", claimed.session_id, intent),
  };
  const answer = await ask(claimed, intents);
  const order = await restaurantCall(env, restaurant, "storeRefundAnswer", claimed.id, claimed.attempts, answer, Date.now());
  if (answer.status === "failed") console.error(JSON.stringify({ event: "refund.failed", order_id: orderId, attempt: claimed.attempts, error: answer.error }));
  if (order) await tell(env, restaurant, { order_id: orderId, ...order }, answer.status);
  return { status: answer.status, amount: answer.status === "failed" ? claimed.amount : answer.amount, currency: claimed.currency, provider: claimed.provider };
}

/** The diner's screen and the branch's board reload the order (best effort, like every status). */
async function tell(
  env: Env,
  restaurant: OrderRestaurant,
  order: { order_id: number; public_id: string | null; branch_id: number; status: number },
  refund: RefundStatus,
) {
  // The restaurant's domain names the hub its channels live on (docs/decisions/0038).
  const hub = restaurantHub(restaurant.domain);
  const said = (error: unknown) => console.error("refund: realtime publish failed", error);
  const orderId = order.order_id;
  await Promise.all([
    order.public_id
      ? publish(env, {
          hub,
          channel: orderChannel(order.public_id),
          event: ORDER_STATUS_EVENT,
          data: { order_id: orderId, status: order.status, refund },
        }).catch(said)
      : undefined,
    publishBoard(env, restaurant, order.branch_id, { order: orderId }),
  ]);
}

/**
 * Stripe's later word on a refund it answered pending (refund.updated, charge.refund.updated,
 * refund.failed), for a refund on `account`: succeeded, or failed (then retryable from the board, with
 * the provider id cleared so a retry claims it). Only a pending one changes. Returns whether it did.
 */
export async function refundDecided(env: Env, refund: { id: string; status?: string; failure_reason?: string | null }, account: string): Promise<boolean> {
  const final = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : null;
  if (!final) return false;
  // The account's restaurant (its object holds the refund); an account shared by several is asked of each.
  for (const restaurant of await restaurantsOfAccount(env.DB, account)) {
    const note = `Stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason ?? "no reason given"}`;
    const order = await restaurantCall(env, restaurant, "stripeRefundDecided", refund.id, final, note, Date.now());
    if (!order) continue;
    await tell(env, restaurant, order, final);
    return true;
  }
  return false;
}
