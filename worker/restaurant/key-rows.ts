// A restaurant's API keys on its object's rows (`restaurant_keys`): only each key's sha256 is stored.
// The admin route issues one (worker/edge/restaurant-keys.ts); the status call compares against them
// (worker/contract/order-status.ts).
import type { SqlStore } from "./sql-bridge";

/** The hashes of the restaurant's keys. */
export async function restaurantKeyHashes(db: SqlStore, restaurantId: number): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT restaurant_id, key_hash FROM restaurant_keys WHERE restaurant_id = ?")
    .bind(restaurantId)
    .all<{ restaurant_id: number; key_hash: string }>();
  return results.map((row) => row.key_hash);
}

/** Stores a new key's hash under `label`. */
export async function addRestaurantKey(db: SqlStore, restaurantId: number, keyHash: string, label: string): Promise<void> {
  await db.prepare("INSERT INTO restaurant_keys (restaurant_id, key_hash, label) VALUES (?, ?, ?)").bind(restaurantId, keyHash, label).run();
}
