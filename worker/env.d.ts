// Secrets are not declared in wrangler.toml, so `wrangler types` cannot see them.
interface Secrets {
  /** HMAC key of the purge endpoint (`wrangler secret put PURGE_SECRET`). */
  PURGE_SECRET?: string;
  /** Signs preference cookies (`wrangler secret put SESSION_SECRET`); unset, a request with a theme cookie answers 503 naming it. */
  SESSION_SECRET?: string;
  /**
   * Signs Pusher HTTP triggers to the site's own channel server (`wrangler secret put REALTIME_SECRET`).
   * Unset: the triggers (POST …/apps/{id}/events) and the console's channel auth answer 503 naming it (worker/missing-secret.ts).
   */
  REALTIME_SECRET?: string;
  /**
   * Authorises the operator's export and import of a restaurant's data (POST /_edge/restaurants/{domain}/…,
   * `Authorization: Bearer …`; `wrangler secret put ADMIN_SECRET`). Unset: both answer 503 naming it.
   */
  ADMIN_SECRET?: string;
  /** The external Pusher app's secret, used by publish() when PUSHER_KEY is set (`wrangler secret put PUSHER_SECRET`). */
  PUSHER_SECRET?: string;
  /** Twilio's auth token, with SMS_PROVIDER=twilio (`wrangler secret put TWILIO_AUTH_TOKEN`). */
  TWILIO_AUTH_TOKEN?: string;
  /** Stripe's secret API key (sk_live_… / sk_test_…): turns on card payments through Stripe Checkout. */
  STRIPE_SECRET_KEY?: string;
  /** The signing secret (whsec_…) of the webhook endpoint /webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** The signing secret (whsec_…) of the billing endpoint /webhooks/stripe/billing (the platform's own events). */
  STRIPE_BILLING_WEBHOOK_SECRET?: string;
  /** A Cloudflare API token with "SSL and Certificates: Edit" on CF_ZONE_ID: restaurants' own domains through Cloudflare for SaaS. */
  CF_API_TOKEN?: string;
  /**
   * AES-GCM key (32 random bytes as 64 hex digits) of the ZATCA EGS private keys and CSID secrets in each
   * restaurant's object (worker/restaurant/egs-seal.ts; `wrangler secret put ZATCA_KEY_SECRET`). Unset:
   * onboarding a branch answers 503 and nothing is stored.
   */
  ZATCA_KEY_SECRET?: string;
  /**
   * AES-GCM key (32 random bytes as 64 hex digits) of each restaurant's own Tap Payments secret key in its
   * object (worker/providers/tap/seal.ts; `wrangler secret put TAP_KEY_SECRET`; docs/decisions/0076).
   * Unset: connecting Tap answers 503 and no restaurant pays through Tap.
   */
  TAP_KEY_SECRET?: string;
}
// Optional vars, not in wrangler.toml (deploys keep the defaults); a test passes them with --var.
// Edge cache windows in seconds (worker/upstream/policy.ts): fresh 60, stale-while-revalidate
// 86400, stale-if-error 604800, in-isolate copy 5 (never longer than fresh).
interface CacheTuning {
  CACHE_FRESH_SECONDS?: string;
  CACHE_STALE_WHILE_REVALIDATE_SECONDS?: string;
  CACHE_STALE_IF_ERROR_SECONDS?: string;
  CACHE_MEMORY_SECONDS?: string;
  /** The visit tally's flush to D1 (worker/edge/visit-tally.ts), default 60. */
  VISITS_FLUSH_SECONDS?: string;
}
declare namespace Cloudflare {
  interface Env extends Secrets, CacheTuning {}
}
interface Env extends Secrets, CacheTuning {}
