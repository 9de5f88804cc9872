// Which payment provider takes a restaurant's card payments here (docs/decisions/0076): a restaurant in
// Kuwait, Saudi Arabia, Bahrain, Qatar or Oman with an active Tap key pays through Tap (where this deploy
// has Tap: ./tap/connection.ts); otherwise, with STRIPE_SECRET_KEY (and the webhook secret) set, Stripe
// Checkout on the restaurant's own connected account, whatever DEMO_PROVIDERS says; otherwise the demo
// page, only with the demo providers on; otherwise none. The checkout and the board ask only this.
import { demoProviders } from "./demo";
import type { RestaurantRow } from "../directory/restaurant-row";
import { demoPaymentProvider, type PaymentProvider, type ProviderName } from "./payments";
import { sayOnce } from "./say-once";
import { stripeConfigured } from "./stripe";
import { stripeCheckout } from "./stripe-checkout";
import { TAP_COUNTRIES, tapSite } from "./tap/connection";
import { tapSealKey } from "./tap/seal";
import { tapCheckout } from "./tap/checkout";
import { restaurantCall } from "../restaurant/stub";
import type { CardMethod } from "../rules/card-methods";
import { chargeStep } from "../rules/money";

type CardRestaurant = Pick<RestaurantRow, "id" | "country" | "currency" | "stripe_account_id">;

/** Stripe can take this restaurant's cards: the deploy has Stripe and the restaurant a connected account. */
const stripeServes = (env: Env, restaurant: CardRestaurant) => stripeConfigured(env) && Boolean(restaurant.stripe_account_id);

/**
 * The restaurant's own Tap account, when it is active and this deploy can use it, and whether its diners
 * pay through it: yes, unless Stripe serves the restaurant too and its owner chose Stripe (decision 0079).
 */
async function tapOf(env: Env, restaurant: CardRestaurant) {
  if (!TAP_COUNTRIES.has((restaurant.country ?? "").toUpperCase()) || !tapSite(env) || !(await tapSealKey(env))) return null;
  const account = await restaurantCall(env, restaurant, "tapAccount");
  if (account?.state !== "active") return null;
  const both = stripeServes(env, restaurant);
  return { both, paysThrough: !both || account.cards_through === "tap", through: account.cards_through };
}

/** Where both Tap and Stripe serve the restaurant here, the provider its owner chose for its diners; else null. */
export const cardsChoice = async (env: Env, restaurant: CardRestaurant) => {
  const tap = await tapOf(env, restaurant);
  return tap?.both ? tap.through : null;
};

/**
 * How this restaurant takes cards here: a provider, or why not. "site": no provider in this deployment
 * (a clear 503); "restaurant": a provider is set up but this restaurant has no account to be paid
 * into, so its branches take no card payment (409 payment_mode; the catalogue shows them without it).
 */
export async function cardPayments(env: Env, restaurant: CardRestaurant): Promise<{ provider: PaymentProvider } | { refused: "site" | "restaurant" }> {
  if ((await tapOf(env, restaurant))?.paysThrough) return { provider: tapCheckout(env) };
  // Half set up is not set up, and never a reason to fall back to the demo page.
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    sayOnce(`Stripe is half set up: ${env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} is missing, so card payments are refused.`);
    return { refused: "site" };
  }
  if (stripeConfigured(env)) return stripeServes(env, restaurant) ? { provider: stripeCheckout(env) } : { refused: "restaurant" };
  return demoProviders(env) ? { provider: demoPaymentProvider(env) } : { refused: "site" };
}

/** Whether diners of this restaurant can pay by card here (the catalogue's payment modes follow it). */
export const takesCards = async (env: Env, restaurant: CardRestaurant) => "provider" in (await cardPayments(env, restaurant));

/**
 * What the restaurant's money follows here (docs/decisions/0079): the step of its prices, service and tips,
 * its provider's (Tap takes every fils; Stripe, the demo page and no provider at all, 10 in a three-decimal
 * currency), and the methods its diners are told of (none without cards).
 */
export async function cardTerms(env: Env, restaurant: CardRestaurant) {
  const cards = await cardPayments(env, restaurant);
  if (!("provider" in cards)) return { cards: false, step: chargeStep(restaurant.currency), methods: [] as readonly CardMethod[] };
  return { cards: true, step: cards.provider.step(restaurant.currency), methods: cards.provider.methods(restaurant.country) };
}

/** The step of the restaurant's amounts here (`cardTerms`), for the menu editor's and the order's checks. */
export const chargeStepOf = async (env: Env, restaurant: CardRestaurant) => (await cardTerms(env, restaurant)).step;

/** The provider a session was paid through (its refund goes back through it, whichever takes cards now). */
export const providerNamed = (env: Env, name: ProviderName): PaymentProvider =>
  name === "tap" ? tapCheckout(env) : name === "stripe" ? stripeCheckout(env) : demoPaymentProvider(env);

const PROVIDER_NAMES: readonly ProviderName[] = ["demo", "stripe", "tap"];

/** Each provider's step in `currency` (minor units), by the name a paid session keeps: a partial refund is a multiple of its own. */
export const refundSteps = (env: Env, currency: string): Record<ProviderName, number> =>
  Object.fromEntries(PROVIDER_NAMES.map((name) => [name, providerNamed(env, name).step(currency)])) as Record<ProviderName, number>;
