// Secrets are not declared in wrangler.toml, so `wrangler types` cannot see them.
declare namespace Cloudflare {
  interface Env {
    /** HMAC key of the purge endpoint (`wrangler secret put PURGE_SECRET`). */
    PURGE_SECRET?: string;
  }
}
