// The demo billing provider (DEMO_PROVIDERS=on only): its "checkout" is the console's DEMO page, which
// starts the trial at once; no card, no portal; cancelling only marks the subscription locally.
import { syncActive } from "../../directory/lifecycle";
import type { BillingProvider } from "./provider";
import { DAY_MS, trialDays } from "./settings";

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
      await env.DB.prepare("UPDATE subscriptions SET cancel_at_period_end = 1, updated_at = ? WHERE restaurant_id = ?")
        .bind(Date.now(), subscription.restaurant_id)
        .run();
    },
  };
}

/** The DEMO page's "start trial": an incomplete demo subscription starts its trial now (a draft goes live). */
export async function startDemoTrial(env: Env, restaurantId: number, now = Date.now()): Promise<boolean> {
  const end = now + trialDays(env) * DAY_MS;
  const done = await env.DB.prepare(
    "UPDATE subscriptions SET status = 'trialing', trial_ends_at = ?, current_period_end = ?, updated_at = ? WHERE restaurant_id = ? AND provider = 'demo' AND status = 'incomplete'",
  )
    .bind(end, end, now, restaurantId)
    .run();
  if (done.meta.changes !== 1) return false;
  await syncActive(env, restaurantId, now);
  return true;
}
