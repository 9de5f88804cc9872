// Stripe Billing as the billing provider, on the platform's own account (no Stripe-Account: the
// restaurant pays the site): Checkout in subscription mode with the plan's price and the trial, the
// customer portal, and cancelling at the period's end. Nothing here changes a subscription's status:
// only the verified billing webhook does (./webhook.ts).
import * as v from "valibot";
import { stripeClient } from "../stripe";
import { markCancelAtPeriodEnd } from "../../directory/subscriptions";
import type { BillingProvider } from "./provider";
import { stripePrice } from "./settings";
import { trialDays } from "../../rules/billing-days";

const Created = v.object({ url: v.pipe(v.string(), v.url()) });

export function stripeBilling(env: Env): BillingProvider {
  return {
    name: "stripe",
    async checkout({ subscription, domain, origin }) {
      const { stripe } = await stripeClient(env);
      const restaurant = String(subscription.restaurant_id);
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: stripePrice(env, subscription.plan)!, quantity: 1 }],
        subscription_data: { trial_period_days: trialDays(env), metadata: { restaurant_id: restaurant, domain } },
        client_reference_id: restaurant,
        metadata: { restaurant_id: restaurant, domain },
        // A restaurant that had a customer (a second checkout after a cancelled one) keeps it.
        ...(subscription.customer_id ? { customer: subscription.customer_id } : {}),
        success_url: `${origin}/console?billing=started`,
        cancel_url: `${origin}/console/account?billing=cancelled`,
      });
      return v.parse(Created, session).url;
    },
    async portal({ subscription, origin }) {
      if (!subscription.customer_id) return null;
      const { stripe } = await stripeClient(env);
      const session = await stripe.billingPortal.sessions.create({ customer: subscription.customer_id, return_url: `${origin}/console/account` });
      return v.parse(Created, session).url;
    },
    async cancel(subscription) {
      if (!subscription.subscription_id) return;
      const { stripe } = await stripeClient(env);
      await stripe.subscriptions.update(subscription.subscription_id, { cancel_at_period_end: true });
      await markCancelAtPeriodEnd(env.DB, subscription.restaurant_id, Date.now());
    },
  };
}
