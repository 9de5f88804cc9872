// Which billing provider takes restaurants' subscriptions here, like card payments
// (../card-payments.ts): Stripe Billing when fully set up (the key, the billing webhook's
// secret and both plans' prices), whatever DEMO_PROVIDERS says; half set up is refused (never the demo);
// nothing set up: the demo provider with DEMO_PROVIDERS=on, else none (a clear 503).
import { demoProviders } from "../demo";
import { sayOnce } from "../say-once";
import { subscriptionOf, type SubscriptionRow } from "../../directory/subscriptions";
import { demoBilling } from "./demo";
import { stripeBilling } from "./stripe";

export type { SubscriptionRow };

export interface BillingProvider {
  name: "stripe" | "demo";
  /** Where the owner goes to start the subscription (its trial) for this restaurant. */
  checkout(input: { subscription: SubscriptionRow; domain: string; origin: string }): Promise<string>;
  /** The provider's own page to manage cards and invoices, or null (demo: nothing to manage). */
  portal(input: { subscription: SubscriptionRow; origin: string }): Promise<string | null>;
  /** Cancels at the end of the current period (the terms: cancelling takes effect at the cycle's end). */
  cancel(subscription: SubscriptionRow): Promise<void>;
}

export type BillingChoice = { provider: BillingProvider } | { refused: string };

const BILLING_SETTINGS = ["STRIPE_BILLING_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_ANNUAL"] as const;

/** Stripe Billing is fully set up here. */
export const stripeBillingConfigured = (env: Env) => Boolean(env.STRIPE_SECRET_KEY) && BILLING_SETTINGS.every((name) => env[name]);

export function billingProvider(env: Env): BillingChoice {
  if (stripeBillingConfigured(env)) return { provider: stripeBilling(env) };
  const missing = BILLING_SETTINGS.filter((name) => !env[name]);
  if (missing.length < BILLING_SETTINGS.length) {
    sayOnce(
      `Stripe Billing is half set up: ${[...(env.STRIPE_SECRET_KEY ? [] : ["STRIPE_SECRET_KEY"]), ...missing].join(", ")} missing, so sign-up is refused.`,
    );
    return { refused: "Billing is not fully set up on this site; please try again later." };
  }
  return demoProviders(env) ? { provider: demoBilling(env) } : { refused: "Billing is not set up on this site; please try again later." };
}

/** The provider that made this subscription (a demo subscription stays demo, a Stripe one needs Stripe). */
export function providerOf(env: Env, subscription: SubscriptionRow): BillingProvider | null {
  if (subscription.provider === "stripe") return stripeBillingConfigured(env) ? stripeBilling(env) : null;
  return demoProviders(env) ? demoBilling(env) : null;
}

export { subscriptionOf };
