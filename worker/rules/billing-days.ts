// The subscription's days as the billing settings give them (wrangler.toml [vars]), with their defaults:
// a 14-day trial and 7 days of grace after a failed renewal. Pure: the directory, the console and the
// billing providers read the same rule.

export const DAY_MS = 86_400_000;

const days = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 && n <= 365 ? n : fallback;
};

export const trialDays = (env: Pick<Env, "TRIAL_DAYS">) => days(env.TRIAL_DAYS, 14);
export const graceDays = (env: Pick<Env, "BILLING_GRACE_DAYS">) => days(env.BILLING_GRACE_DAYS, 7);
