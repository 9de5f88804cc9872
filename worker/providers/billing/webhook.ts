// POST /webhooks/stripe/billing: Stripe Billing's events about restaurants' subscriptions, on the
// platform's own account (a separate endpoint and signing secret, STRIPE_BILLING_WEBHOOK_SECRET, from
// the Connect one at /webhooks/stripe). Verified, parsed, handled once per event id (stripe_events),
// and ordered by the event's `created`: a state older than the one stored (subscriptions.event_at)
// changes nothing. After each change the restaurant's is_active follows the lifecycle (../../directory/lifecycle.ts).
import * as v from "valibot";
import { verifiedStripeEvent } from "../stripe";
import { syncActive } from "../../directory/lifecycle";
import { stripeBillingConfigured } from "./provider";
import { applyBillingEvent, billingEventSeen, type SubscriptionChange, type SubscriptionRow } from "../../directory/subscriptions";

const StripeId = v.pipe(v.string(), v.regex(/^[a-z]+_[A-Za-z0-9_]{1,200}$/));
const Time = v.pipe(v.number(), v.integer(), v.minValue(0));

const Event = v.object({
  id: v.pipe(v.string(), v.regex(/^evt_[A-Za-z0-9_]{1,200}$/)),
  type: v.pipe(v.string(), v.maxLength(100)),
  created: Time,
  account: v.optional(v.nullable(v.string())),
  data: v.object({ object: v.looseObject({ object: v.string() }) }),
});

const CheckoutSession = v.looseObject({
  mode: v.string(),
  client_reference_id: v.nullable(v.pipe(v.string(), v.regex(/^\d{1,15}$/))),
  customer: v.nullable(StripeId),
  subscription: v.nullable(StripeId),
});

const Subscription = v.looseObject({
  id: StripeId,
  status: v.string(),
  customer: StripeId,
  trial_end: v.nullish(Time),
  cancel_at_period_end: v.boolean(),
  // The period's end is on the subscription's items since API version 2025-03-31, on the subscription before.
  current_period_end: v.nullish(Time),
  items: v.optional(v.looseObject({ data: v.array(v.looseObject({ current_period_end: v.nullish(Time) })) })),
  metadata: v.optional(v.looseObject({ restaurant_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/))) })),
});

// An invoice names its subscription under parent.subscription_details since 2025-03-31, directly before.
const Invoice = v.looseObject({
  subscription: v.nullish(StripeId),
  parent: v.nullish(v.looseObject({ subscription_details: v.nullish(v.looseObject({ subscription: v.nullish(StripeId) })) })),
});

/** Stripe's statuses in the subscriptions table's terms: unpaid and paused keep counting the grace period. */
const STATUS: Record<string, SubscriptionRow["status"]> = {
  incomplete: "incomplete",
  trialing: "trialing",
  active: "active",
  past_due: "past_due",
  unpaid: "past_due",
  paused: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
};

const answer = (status: number, body: object, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
const received = (note: string) => answer(200, { received: true, note });

type Change = { change: SubscriptionChange } | { ignored: string };

function changeFor(type: string, object: unknown, at: number): Change {
  if (type === "checkout.session.completed") {
    const session = v.safeParse(CheckoutSession, object);
    if (!session.success || session.output.mode !== "subscription" || !session.output.client_reference_id) return { ignored: "not a subscription checkout" };
    const s = session.output;
    return { change: { kind: "checkout", customer: s.customer, subscription: s.subscription, restaurantId: Number(s.client_reference_id) } };
  }
  if (type.startsWith("customer.subscription.")) {
    const parsed = v.safeParse(Subscription, object);
    if (!parsed.success) return { ignored: "unexpected subscription" };
    const s = parsed.output;
    const status = type === "customer.subscription.deleted" ? "canceled" : STATUS[s.status];
    if (!status) return { ignored: `status ${s.status}` };
    const periodEnd = s.items?.data[0]?.current_period_end ?? s.current_period_end ?? null;
    return {
      change: {
        kind: "subscription",
        status,
        id: s.id,
        customer: s.customer,
        trialEnd: s.trial_end ? s.trial_end * 1000 : null,
        periodEnd: periodEnd ? periodEnd * 1000 : null,
        cancelAtPeriodEnd: s.cancel_at_period_end ? 1 : 0,
        at,
        restaurantId: Number(s.metadata?.restaurant_id ?? 0),
      },
    };
  }
  if (type === "invoice.paid" || type === "invoice.payment_failed") {
    const parsed = v.safeParse(Invoice, object);
    const subscription = parsed.success ? (parsed.output.parent?.subscription_details?.subscription ?? parsed.output.subscription) : null;
    if (!subscription) return { ignored: "not a subscription's invoice" };
    return { change: { kind: "invoice", paid: type === "invoice.paid", subscription, at } };
  }
  return { ignored: "ignored" };
}

export async function stripeBillingWebhook(request: Request, env: Env, now = Date.now()): Promise<Response> {
  if (!stripeBillingConfigured(env)) return answer(503, { error: "Stripe Billing is not set up on this site." }, { "Retry-After": "300" });
  const verified = await verifiedStripeEvent(request, env, env.STRIPE_BILLING_WEBHOOK_SECRET!);
  if ("refused" in verified) return answer(400, { error: verified.refused });
  const parsed = v.safeParse(Event, verified.event);
  if (!parsed.success) return answer(400, { error: "Unexpected event shape." });
  const event = parsed.output;
  // A connected account's event belongs to the payments endpoint, never to the platform's billing.
  if (event.account) return received("connected account");
  if (await billingEventSeen(env.DB, event.id)) return received("duplicate");
  const change = changeFor(event.type, event.data.object, event.created * 1000);
  const restaurantId = await applyBillingEvent(env.DB, event, "ignored" in change ? null : change.change, now);
  if ("ignored" in change) return received(change.ignored);
  if (restaurantId === undefined) return received("unchanged");
  await syncActive(env, restaurantId, now);
  return received("applied");
}
