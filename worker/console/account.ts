// The account screen's door (/console/account, owners): the subscription and its provider, the
// restaurant's state and calendar, and its currency's two steps (./currency.ts: the plan to confirm,
// then the change, which purges the tenant's cache so diners see the new prices at once).
import { providerOf, subscriptionOf } from "../providers/billing/provider";
import { DAY_MS, graceDays } from "../rules/billing-days";
import { demoProviders } from "../providers/demo";
import { bumpTenantVersion } from "../directory/versions";
import { restaurantState } from "../directory/restaurant-rows";
import { hasOrders, planCurrency, setCurrency, type CurrencyPlan } from "./currency";
import { restaurantZone, type ConsoleTenant } from "./reads";

export type { CurrencyPlan };
/** The restaurant's data file, written to R2 and answered as a download (../restaurant/data-file.ts). */
export { exportRestaurant } from "../restaurant/data-file";
export { startDemoTrial } from "../providers/billing/demo";
export { trialDays } from "../rules/billing-days";

/** What the screen shows: the subscription (with its pay-by date while past due), whether the restaurant is live, whether its currency is locked, its calendar. */
export async function accountOf(env: Env, tenant: ConsoleTenant) {
  const [s, restaurant, ordered, timeZone] = await Promise.all([
    subscriptionOf(env.DB, tenant.id),
    restaurantState(env.DB, tenant.id),
    hasOrders(env, tenant.id),
    // Its dates on the restaurant's calendar (its first branch's zone).
    restaurantZone(env, tenant),
  ]);
  const subscription = s && {
    plan: s.plan,
    status: s.status,
    provider: s.provider,
    trialEndsAt: s.trial_ends_at,
    currentPeriodEnd: s.current_period_end,
    cancelAtPeriodEnd: s.cancel_at_period_end === 1,
    payBy: s.status === "past_due" && s.past_due_since !== null ? s.past_due_since + graceDays(env) * DAY_MS : null,
    available: providerOf(env, s) !== null,
  };
  return { subscription, active: restaurant?.is_active === 1, locked: ordered, timeZone };
}

/** The subscription and the provider that manages it (null: none, or its provider is not set up here). */
export async function billingOf(env: Env, restaurantId: number) {
  const subscription = await subscriptionOf(env.DB, restaurantId);
  return subscription ? { subscription, provider: providerOf(env, subscription) } : null;
}

export type CurrencyStep = { done: true } | { plan: CurrencyPlan } | { error: "has-orders" | "changed"; plan?: CurrencyPlan };

/** Without `confirm`: the plan (the prices the change rounds); with the plan's digest: the change. */
export async function changeCurrency(env: Env, tenant: ConsoleTenant, from: string, to: string, confirm?: string): Promise<CurrencyStep> {
  if (to === from) return { done: true };
  if (await hasOrders(env, tenant.id)) return { error: "has-orders" };
  const plan = await planCurrency(env, tenant.id, from, to);
  if (confirm === undefined) return { plan };
  // A price edited since the list was shown: the owner sees the new list before anything changes.
  if (confirm !== plan.digest) return { error: "changed", plan };
  const set = await setCurrency(env, tenant.id, from, to);
  if (set !== "set") return { error: set };
  // Diners' pages and the API's answers show the new prices and currency at once.
  await bumpTenantVersion(env, tenant.domain);
  return { done: true };
}

/** With the demo providers on (DEMO_PROVIDERS), whether the restaurant's subscription waits for the demo's "checkout". */
export async function awaitsDemoCheckout(env: Env, restaurantId: number): Promise<boolean> {
  const subscription = await subscriptionOf(env.DB, restaurantId);
  return subscription?.provider === "demo" && subscription.status === "incomplete";
}
export { demoProviders };
