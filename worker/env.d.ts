// Secrets are not declared in wrangler.toml, so `wrangler types` cannot see them.
interface Secrets {
  /** HMAC key of the purge endpoint (`wrangler secret put PURGE_SECRET`). */
  PURGE_SECRET?: string;
  /** Signs preference cookies (`wrangler secret put SESSION_SECRET`). */
  SESSION_SECRET?: string;
  /** The restaurant's key for the embedded API's order-status call (`wrangler secret put RESTAURANT_SECRET`). */
  RESTAURANT_SECRET?: string;
}
declare namespace Cloudflare {
  interface Env extends Secrets {}
}
interface Env extends Secrets {}
