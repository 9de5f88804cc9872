// What a restaurant's pictures may take in R2, and the sweep of the ones nothing shows any more. Each
// stored object has a row in D1 (`pictures`); a new one is claimed by one conditional write against the
// restaurant's quota, and each upload first sweeps a bounded few objects that no row has pointed at for
// a day (a page a diner loaded before a change may still show a replaced picture for a while).
import { PictureKey } from "./keys";
import * as v from "valibot";
import { catalogueStore, type CatalogueStore } from "../restaurant/stub";

/** Bytes of pictures one restaurant may keep. */
export const PICTURE_QUOTA_BYTES = 100 * 1024 * 1024;
/** How long an object nothing points at is kept before the sweep deletes it. */
export const SWEEP_AFTER_MS = 86_400_000;
/** Objects one sweep looks at. */
const SWEEP_BATCH = 10;

// ?1 the key. The catalogue's columns a picture can be set in (worker/storage/targets.ts), the logo
// included (the brand row, decision 0049); keys name their restaurant, so no row of another restaurant
// can hold one.
const REFERENCED = `(EXISTS (SELECT 1 FROM products WHERE image = ?1) OR EXISTS (SELECT 1 FROM categories WHERE image = ?1)
  OR EXISTS (SELECT 1 FROM menus WHERE image = ?1) OR EXISTS (SELECT 1 FROM brand WHERE logo = ?1))`;

/**
 * Claims room for an object of `bytes` under `key`: true when it fits the quota (or the key is the
 * restaurant's already: the same bytes take no more room, and its age starts again).
 */
export async function claimPicture(db: CatalogueStore, restaurantId: number, key: string, bytes: number, now = Date.now()): Promise<boolean> {
  const kept = await db.prepare("UPDATE pictures SET created_at = ?2 WHERE key = ?1 RETURNING key").bind(key, now).first();
  if (kept) return true;
  const claimed = await db
    .prepare(
      `INSERT INTO pictures (key, restaurant_id, bytes, created_at) SELECT ?1, ?2, ?3, ?4
     WHERE (SELECT coalesce(sum(bytes), 0) FROM pictures WHERE restaurant_id = ?2) + ?3 <= ${PICTURE_QUOTA_BYTES}
     ON CONFLICT (key) DO UPDATE SET created_at = excluded.created_at RETURNING key`,
    )
    .bind(key, restaurantId, bytes, now)
    .first();
  return claimed !== null;
}

/** Gives the room back: the object was not stored, or nothing was pointed at it. */
export async function releasePicture(db: CatalogueStore, key: string, now: number): Promise<void> {
  await db.prepare(`DELETE FROM pictures WHERE key = ?1 AND created_at = ?2 AND NOT ${REFERENCED}`).bind(key, now).run();
}

/**
 * Deletes up to SWEEP_BATCH of the restaurant's objects that nothing has pointed at for SWEEP_AFTER_MS:
 * each row is deleted by a conditional write (still old, still unreferenced), then its object.
 */
export async function sweepPictures(env: Env, restaurantId: number, now = Date.now()): Promise<string[]> {
  const catalogue = catalogueStore(env, { id: restaurantId });
  const { results } = await catalogue
    .prepare("SELECT key FROM pictures WHERE restaurant_id = ? AND created_at < ? ORDER BY created_at LIMIT ?")
    .bind(restaurantId, now - SWEEP_AFTER_MS, SWEEP_BATCH)
    .all<{ key: string }>();
  const swept: string[] = [];
  for (const { key } of results) {
    const gone = await catalogue
      .prepare(`DELETE FROM pictures WHERE key = ?1 AND created_at < ?2 AND NOT ${REFERENCED} RETURNING key`)
      .bind(key, now - SWEEP_AFTER_MS)
      .first();
    if (gone && v.is(PictureKey, key)) swept.push(key);
  }
  if (swept.length) await env.PICTURES.delete(swept);
  return swept;
}
