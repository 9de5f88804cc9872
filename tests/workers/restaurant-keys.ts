// Keys for the order-status call in the test D1: no migration holds a key (migrations run on
// deploys too), so tests issue their own, stored the way scripts/restaurant-key.ts stores them.
import { env } from "cloudflare:workers";
import { randomId, sha256 } from "../../worker/rules/secrets";
import { catalogueRun } from "./catalogue";

/** Stores the hash of a new random key for the restaurant `domain` (found in the directory, stored in its catalogue) and returns the key. */
export async function issueRestaurantKey(domain: string): Promise<string> {
  const key = `rk_${randomId(32)}`;
  const restaurant = await env.DB.prepare("SELECT id FROM restaurants WHERE domain = ?").bind(domain).first<{ id: number }>();
  if (!restaurant) throw new Error(`no restaurant ${domain}`);
  await catalogueRun(restaurant.id, "INSERT INTO restaurant_keys (restaurant_id, key_hash, label) VALUES (?, ?, 'test')", restaurant.id, await sha256(key));
  return key;
}
