// The demo billing provider (DEMO_PROVIDERS=on only): its "checkout" is the console's DEMO page, which
// starts the trial at once; no card, no portal; cancelling only marks the subscription locally.
import { syncActive } from "../../directory/lifecycle";
import { markCancelAtPeriodEnd, startDemoSubscription } from "../../directory/subscriptions";
import type { BillingProvider } from "./provider";
import { DAY_MS, trialDays } from "../../rules/billing-days";

const DEMO_CHECKOUT_PATH = "/console/billing/demo";

export function demoBilling(env: Env): BillingProvider {
  return {
    name: "demo",
    async checkout({ origin }) {
      return `${origin}${DEMO_CHECKOUT_PATH}`;
    },
    async portal() {
      return null;
    },
    async cancel(subscription) {
      await markCancelAtPeriodEnd(env.DB, subscription.restaurant_id, Date.now());
    },
  };
}

/** The DEMO page's "start trial": an incomplete demo subscription starts its trial now (a draft goes live). */
export async function startDemoTrial(env: Env, restaurantId: number, now = Date.now()): Promise<boolean> {
  const end = now + trialDays(env) * DAY_MS;
  if (!(await startDemoSubscription(env.DB, restaurantId, end, now))) return false;
  await syncActive(env, restaurantId, now);
  return true;
}
