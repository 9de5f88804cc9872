// Stripe for card payments: one client per isolate on the fetch HTTP client (no Node http in workerd),
// pointed at STRIPE_API_BASE (Stripe's own API, or a stand-in in tests). Without the secret key or the
// webhook's signing secret there is no Stripe: an order could be charged but never marked paid.
import Stripe from "stripe";

/** How long a call to Stripe may take before the diner is told to try again. */
const STRIPE_TIMEOUT_MS = 10_000;

let cached: { key: string; base: string; client: Stripe } | null = null;

/** The Stripe client of this deployment, or null when Stripe is not set up (a key or the webhook secret missing). */
export function stripeClient(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">): Stripe | null {
  const key = env.STRIPE_SECRET_KEY;
  if (!key || !env.STRIPE_WEBHOOK_SECRET) return null;
  const base = env.STRIPE_API_BASE || "https://api.stripe.com";
  if (cached?.key === key && cached.base === base) return cached.client;
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  const client = new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    // A retry is the diner's tap, with the same order and idempotency key: never a hidden second call.
    maxNetworkRetries: 0,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
  });
  cached = { key, base, client };
  return client;
}

/** Web Crypto for webhook signatures (workerd has no Node crypto HMAC in Stripe's default provider). */
export const webCrypto = Stripe.createSubtleCryptoProvider();

const fractionDigits = new Map<string, number>();

/**
 * An amount in the currency's smallest unit, as Stripe takes it: 12.5 AED → 1250, 3.25 KWD → 3250
 * (three decimals), 500 JPY → 500. The digits are the currency's own (ISO 4217, through Intl).
 */
export function minorUnits(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  let digits = fractionDigits.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    fractionDigits.set(code, digits);
  }
  return Math.round(amount * 10 ** digits);
}
