// Stripe's refund of a card-paid order (docs/decisions/0029, 0083): the paid session's PaymentIntent refunded
// by the claimed amount (a cancel's rest, or the board's partial refund) on the restaurant's connected
// account (./stripe-checkout.ts's provider answers with it).
import * as v from "valibot";
import type { OrderRestaurant } from "../directory/order-restaurants";
import type { PaymentIntents } from "../restaurant/refund";
import type { ClaimedRefund, RefundAnswer } from "../restaurant/refund-rows";
import { stripeClient, stripeConfigured } from "./stripe";

const StripeRefund = v.object({
  id: v.pipe(v.string(), v.regex(/^re_[A-Za-z0-9_]{1,200}$/)),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.nullable(v.string()),
});
const PaymentIntent = v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9_]{1,200}$/));

/** Stripe: the session's PaymentIntent (stored by the webhook, else read from the session once) refunded by the claimed amount. */
export async function refundOnStripe(env: Env, restaurant: OrderRestaurant, refund: ClaimedRefund, intents: PaymentIntents): Promise<RefundAnswer> {
  if (!stripeConfigured(env)) return { status: "failed", error: "Stripe is not set up on this site." };
  if (!restaurant.stripe_account_id) return { status: "failed", error: "The restaurant has no Stripe account." };
  const storedIntent = await intents.stored();
  const { stripe } = await stripeClient(env);
  const options = { stripeAccount: restaurant.stripe_account_id };
  try {
    let intent = storedIntent;
    if (!intent) {
      // Paid before payment intents were stored: the session names it.
      const session = await stripe.checkout.sessions.retrieve(refund.session_id, {}, options);
      const parsed = v.safeParse(PaymentIntent, typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id);
      if (!parsed.success) return { status: "failed", error: "Stripe names no payment for this session." };
      intent = parsed.output;
      await intents.remember(intent);
    }
    // One key per attempt: Stripe replays a key's first answer, a 500 included, so a retry needs its own;
    // a retry after a lost success of the order's only refund is answered charge_already_refunded (below),
    // never a second refund (a lost partial one's retry is refused by Stripe past the charge's amount).
    const created = await stripe.refunds.create(
      { payment_intent: intent, amount: refund.amount, metadata: { order_id: String(refund.order_id), refund: String(refund.id) } },
      {
        ...options,
        idempotencyKey: `refund-r${restaurant.id}-order-${refund.order_id}-${refund.id}-${refund.attempts}`,
      },
    );
    const answer = v.safeParse(StripeRefund, created);
    if (!answer.success) return { status: "failed", error: "Stripe's answer was not a refund." };
    const { id, amount, status } = answer.output;
    if (status === "succeeded") return { status: "succeeded", provider_id: id, amount };
    if (status === "pending" || status === "requires_action") return { status: "pending", provider_id: id, amount };
    return { status: "failed", error: `Stripe refund ${id} is ${status ?? "unknown"}.` };
  } catch (error) {
    const e = error as { code?: string; message?: string; statusCode?: number };
    if (e.code === "charge_already_refunded") return { status: "succeeded", provider_id: "already_refunded", amount: refund.amount };
    return { status: "failed", error: `Stripe: ${(e.message ?? String(error)).slice(0, 300)}${e.statusCode ? ` (${e.statusCode})` : ""}` };
  }
}
