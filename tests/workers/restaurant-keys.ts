// Keys for the order-status call in the test D1: no migration holds a key (migrations run on
// deploys too), so tests issue their own, stored the way scripts/restaurant-key.ts stores them.
import { env } from "cloudflare:workers";
import { randomId, sha256 } from "../../worker/api/ordering/secrets";

/** Stores the hash of a new random key for the restaurant `domain` and returns the key. */
export async function issueRestaurantKey(domain: string): Promise<string> {
  const key = `rk_${randomId(32)}`;
  const row = await env.DB.prepare("INSERT INTO restaurant_keys (restaurant_id, key_hash, label) SELECT id, ?, 'test' FROM restaurants WHERE domain = ? RETURNING id")
    .bind(await sha256(key), domain)
    .first();
  if (!row) throw new Error(`no restaurant ${domain}`);
  return key;
}
