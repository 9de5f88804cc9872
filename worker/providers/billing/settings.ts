// The billing settings only the Stripe provider reads: the Stripe Price of each plan (wrangler.toml
// [vars]). The trial's and grace's days are a rule every layer reads (worker/rules/billing-days.ts).
import type { Plan } from "../../directory/signup";

/** The Stripe Price of each plan (price_…). */
export const stripePrice = (env: Pick<Env, "STRIPE_PRICE_MONTHLY" | "STRIPE_PRICE_ANNUAL">, plan: Plan) =>
  plan === "monthly" ? env.STRIPE_PRICE_MONTHLY : env.STRIPE_PRICE_ANNUAL;
