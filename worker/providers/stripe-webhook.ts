// POST /webhooks/stripe: Stripe's word on a Checkout Session, the only way an order becomes paid.
// The signature is checked with Web Crypto against STRIPE_WEBHOOK_SECRET (400 when it does not hold),
// the event is parsed, and the session must be ours and on the account of the order's restaurant.
// Handled once per event id (stripe_events, in the restaurant's object), and every change is conditional, so replays, concurrent
// deliveries and out-of-order events change nothing twice. A refund Stripe answered pending is decided
// by its later refund event (../restaurant/refund.ts).
import * as v from "valibot";
import { restaurantsOfAccount, type OrderRestaurant } from "../directory/order-restaurants";
import { restaurantCall } from "../restaurant/stub";
import { refundDecided } from "../restaurant/refund";
import { settle, type Outcome } from "../restaurant/settle";
import { stripeConfigured, verifiedStripeEvent } from "./stripe";

const Event = v.object({
  id: v.pipe(v.string(), v.regex(/^evt_[A-Za-z0-9_]{1,200}$/)),
  type: v.pipe(v.string(), v.maxLength(100)),
  // Set for events of a connected account (every session here is made on one).
  account: v.optional(v.nullable(v.string())),
  data: v.object({
    object: v.looseObject({
      id: v.pipe(v.string(), v.maxLength(200)),
      object: v.string(),
      payment_status: v.optional(v.string()),
      // The session's PaymentIntent (a refund names it); anything else is dropped, never stored.
      payment_intent: v.fallback(v.optional(v.nullable(v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9_]{1,200}$/)))), null),
      // A refund's state and why it failed (refund events).
      status: v.fallback(v.optional(v.string()), undefined),
      failure_reason: v.fallback(v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))), null),
    }),
  }),
});

/** What each handled event means for its session; a completed session with its payment still on the way waits. */
function outcomeOf(type: string, paymentStatus: string | undefined): Outcome | "wait" | null {
  switch (type) {
    case "checkout.session.completed":
      return paymentStatus === "paid" || paymentStatus === "no_payment_required" ? "paid" : "wait";
    case "checkout.session.async_payment_succeeded":
      return "paid";
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      return "cancelled";
    default:
      return null;
  }
}

const REFUND_EVENTS = new Set(["refund.updated", "refund.failed", "charge.refund.updated"]);

/**
 * A refund's later word, only on a connected account (where every refund here is made). Only a pending
 * refund changes, so a replayed or late event changes nothing.
 */
async function refundEvent(env: Env, event: v.InferOutput<typeof Event>): Promise<Response> {
  if (!event.account) return received("ignored");
  const changed = await refundDecided(env, event.data.object, event.account);
  return received(changed ? `refund ${event.data.object.status}` : "unchanged");
}

const answer = (status: number, body: object, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
const received = (note: string) => answer(200, { received: true, note });

export async function stripeWebhook(request: Request, env: Env): Promise<Response> {
  if (!stripeConfigured(env)) return answer(503, { error: "Stripe is not set up on this site." }, { "Retry-After": "300" });
  const verified = await verifiedStripeEvent(request, env, env.STRIPE_WEBHOOK_SECRET!);
  if ("refused" in verified) return answer(400, { error: verified.refused });
  const parsed = v.safeParse(Event, verified.event);
  if (!parsed.success) return answer(400, { error: "Unexpected event shape." });
  const event = parsed.output;
  if (REFUND_EVENTS.has(event.type) && event.data.object.object === "refund") return refundEvent(env, event);
  const outcome = outcomeOf(event.type, event.data.object.payment_status);
  if (!outcome || event.data.object.object !== "checkout.session") return received("ignored");

  // The account names the restaurant (the directory); its object holds the session. An event with no
  // account, or for a session no restaurant of that account has, is not ours to act on.
  const account = event.account;
  if (!account) return received("ignored");
  let found: { restaurant: OrderRestaurant; id: string; seen: number } | null = null;
  for (const restaurant of await restaurantsOfAccount(env.DB, account)) {
    const session = await restaurantCall(env, restaurant, "stripeSessionSeen", event.data.object.id, event.id);
    if (session) found = { restaurant, ...session };
    if (found) break;
  }
  // Not a session of this site on that account (another integration, or another account's): nothing to do, and no retry.
  if (!found) return received("unknown session");
  if (found.seen) return received("duplicate");
  const { restaurant } = found;
  const seen = { id: event.id, type: event.type, at: Date.now() };
  const session = { id: found.id, intent: event.data.object.payment_intent ?? null };
  if (outcome === "wait") {
    await restaurantCall(env, restaurant, "recordStripeEvent", seen, session);
    return received("awaiting payment");
  }
  // The event's record goes in the same transaction as the payment's decision.
  const order = await settle(env, restaurant, found.id, outcome, { event: { seen, session } });
  return received(order ? outcome : "unchanged");
}
