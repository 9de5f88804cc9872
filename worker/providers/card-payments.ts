// Which payment provider takes a restaurant's card payments here. With STRIPE_SECRET_KEY (and the
// webhook secret) set, Stripe Checkout on the restaurant's own connected account, whatever
// DEMO_PROVIDERS says; otherwise the demo page, only with the demo providers on; otherwise none.
import { demoProviders } from "./demo";
import type { RestaurantRow } from "../directory/restaurant-row";
import { demoPaymentProvider, type PaymentProvider } from "./payments";
import { sayOnce } from "./say-once";
import { stripeConfigured } from "./stripe";
import { stripeCheckout } from "./stripe-checkout";

/**
 * How this restaurant takes cards here: a provider, or why not. "site": no provider in this deployment
 * (a clear 503); "restaurant": Stripe is set up but this restaurant has no connected account to be paid
 * into, so its branches take no card payment (409 payment_mode; the catalogue shows them without it).
 */
export function cardPayments(
  env: Env,
  restaurant: Pick<RestaurantRow, "stripe_account_id">,
): { provider: PaymentProvider } | { refused: "site" | "restaurant" } {
  // Half set up is not set up, and never a reason to fall back to the demo page.
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    sayOnce(`Stripe is half set up: ${env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} is missing, so card payments are refused.`);
    return { refused: "site" };
  }
  if (stripeConfigured(env)) return restaurant.stripe_account_id ? { provider: stripeCheckout(env) } : { refused: "restaurant" };
  return demoProviders(env) ? { provider: demoPaymentProvider(env) } : { refused: "site" };
}

/** Whether diners of this restaurant can pay by card here (the catalogue's payment modes follow it). */
export const takesCards = (env: Env, restaurant: Pick<RestaurantRow, "stripe_account_id">) => "provider" in cardPayments(env, restaurant);
