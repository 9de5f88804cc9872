// Webhook events as Stripe sends them about a stand-in's Checkout Session, signed as Stripe signs them
// (the SDK's own test-header helper, async so it runs in workerd too). Shared by the workers and browser tests.
import Stripe from "stripe";
import { paymentIntentOf, type StandInSession } from "./stripe.ts";

const signer = new Stripe("sk_test_signer", { httpClient: Stripe.createFetchHttpClient() });

/** `payment_intent`: null leaves it out (an event as older API versions sent it). */
export type EventOptions = { type?: string; account?: string | null; payment_status?: string; id?: string; payment_intent?: string | null };

/** The JSON of a `checkout.session.*` event on the session's connected account (completed and paid unless told). */
export function stripeEvent(session: StandInSession, options: EventOptions = {}): string {
  const { account, ...object } = session;
  return JSON.stringify({
    id: options.id ?? `evt_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    type: options.type ?? "checkout.session.completed",
    ...(options.account === null ? {} : { account: options.account ?? account }),
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        ...object,
        status: "complete",
        payment_status: options.payment_status ?? "paid",
        payment_intent: options.payment_intent === undefined ? paymentIntentOf(session) : options.payment_intent,
      },
    },
  });
}

/** The JSON of a `refund.updated` (or `refund.failed`) event about a stand-in's refund, now `status`. */
export function stripeRefundEvent(refund: object, account: string, status: string, type = "refund.updated"): string {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    type,
    account,
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...refund, status, failure_reason: status === "failed" ? "expired_or_canceled_card" : null } },
  });
}

/** The Stripe-Signature header for `payload`. */
export const stripeSignature = (payload: string, secret: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider: Stripe.createSubtleCryptoProvider() });
