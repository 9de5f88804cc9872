// The billing settings (wrangler.toml [vars] and the secret STRIPE_BILLING_WEBHOOK_SECRET) read once,
// with their defaults: a 14-day trial and 7 days of grace after a failed renewal.
import type { Plan } from "../../directory/signup";

export const DAY_MS = 86_400_000;

const days = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 && n <= 365 ? n : fallback;
};

export const trialDays = (env: Pick<Env, "TRIAL_DAYS">) => days(env.TRIAL_DAYS, 14);
export const graceDays = (env: Pick<Env, "BILLING_GRACE_DAYS">) => days(env.BILLING_GRACE_DAYS, 7);

/** The Stripe Price of each plan (price_…). */
export const stripePrice = (env: Pick<Env, "STRIPE_PRICE_MONTHLY" | "STRIPE_PRICE_ANNUAL">, plan: Plan) =>
  plan === "monthly" ? env.STRIPE_PRICE_MONTHLY : env.STRIPE_PRICE_ANNUAL;
