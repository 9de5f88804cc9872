// Stripe for card payments: one client per isolate on the fetch HTTP client (no Node http in workerd),
// pointed at STRIPE_API_BASE (Stripe's own API, or a stand-in in tests). Without the secret key or the
// webhook's signing secret there is no Stripe: an order could be charged but never marked paid.
// The SDK (~90 KB gzip) is imported only when a payment or a webhook needs it, never for a page.
import type Stripe from "stripe";

type StripeSettings = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">;

/** Stripe is set up here: both the secret key and the webhook's signing secret. */
export const stripeConfigured = (env: StripeSettings): boolean => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

/** How long a call to Stripe may take before the diner is told to try again. */
const STRIPE_TIMEOUT_MS = 10_000;

let cached: { key: string; base: string; client: Awaited<ReturnType<typeof stripeClient>> } | null = null;

/** The Stripe client of this deployment (call only where stripeConfigured), with Web Crypto for webhook signatures. */
export async function stripeClient(env: StripeSettings): Promise<{ stripe: Stripe; webCrypto: ReturnType<typeof Stripe.createSubtleCryptoProvider> }> {
  const key = env.STRIPE_SECRET_KEY!;
  const base = env.STRIPE_API_BASE || "https://api.stripe.com";
  if (cached?.key === key && cached.base === base) return cached.client;
  const { default: Sdk } = await import("stripe");
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  const stripe = new Sdk(key, {
    httpClient: Sdk.createFetchHttpClient(),
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    // A retry is the diner's tap, with the same order and idempotency key: never a hidden second call.
    maxNetworkRetries: 0,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
  });
  // workerd has no Node crypto HMAC for the SDK's default provider.
  const client = { stripe, webCrypto: Sdk.createSubtleCryptoProvider() };
  cached = { key, base, client };
  return client;
}

/**
 * A webhook delivery checked against the endpoint's signing secret (Web Crypto), shared by the payments
 * endpoint and the billing one: the event as Stripe sent it, or why it is refused (both a 400).
 */
export async function verifiedStripeEvent(request: Request, env: StripeSettings, secret: string): Promise<{ event: unknown } | { refused: string }> {
  const signature = request.headers.get("stripe-signature");
  if (!signature) return { refused: "Missing Stripe-Signature header." };
  const payload = await request.text();
  const { stripe, webCrypto } = await stripeClient(env);
  try {
    return { event: await stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, webCrypto) };
  } catch {
    return { refused: "Invalid signature." };
  }
}
