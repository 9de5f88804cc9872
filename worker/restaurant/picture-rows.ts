// The restaurant's pictures on its object's rows: each stored R2 object has a `pictures` row (its room
// in the quota), and a dish, category, menu or the logo points at one. Every statement is scoped by the
// restaurant, so another restaurant's id is indistinguishable from one that does not exist. The upload
// and the sweep (worker/storage/) call these by name and do the R2 side.
import type { SqlStore } from "./sql-bridge";

/** Bytes of pictures one restaurant may keep. */
export const PICTURE_QUOTA_BYTES = 100 * 1024 * 1024;

/** What a picture is set on: a dish, a category, a menu (by id) or the logo (id 0). */
export interface PictureTarget {
  kind: "logo" | "dish" | "category" | "menu";
  id: number;
  /** The form's spelling of it ("dish:12"), when the caller has it: not used here. */
  text?: string;
}

// The row's restaurant, through its menu's branch (`?2` is the restaurant id; `?1` the row id below).
const DISH_SCOPE = `category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id
  JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?2)`;
const OWNED: Record<PictureTarget["kind"], { table: string; column: string; where: string }> = {
  logo: { table: "brand", column: "logo", where: "restaurant_id = ?2 AND ?1 = 0" },
  menu: { table: "menus", column: "image", where: "id = ?1 AND branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?2)" },
  category: {
    table: "categories",
    column: "image",
    where: "id = ?1 AND menu_id IN (SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?2)",
  },
  dish: { table: "products", column: "image", where: `id = ?1 AND ${DISH_SCOPE}` },
};

// ?1 the key. The catalogue's columns a picture can be set in, the logo included (the brand row,
// decision 0049); keys name their restaurant, so no row of another restaurant can hold one.
const REFERENCED = `(EXISTS (SELECT 1 FROM products WHERE image = ?1) OR EXISTS (SELECT 1 FROM categories WHERE image = ?1)
  OR EXISTS (SELECT 1 FROM menus WHERE image = ?1) OR EXISTS (SELECT 1 FROM brand WHERE logo = ?1))`;

/** The target's current picture path (null: none yet), or undefined when it is not the restaurant's. */
export async function currentPicture(db: SqlStore, restaurantId: number, target: PictureTarget): Promise<string | null | undefined> {
  const { table, column, where } = OWNED[target.kind];
  const row = await db.prepare(`SELECT ${column} AS image FROM ${table} WHERE ${where}`).bind(target.id, restaurantId).first<{ image: string | null }>();
  return row ? row.image : undefined;
}

/** Points the target at the stored picture; false when the row is not (or no longer) the restaurant's. */
export async function setPicture(db: SqlStore, restaurantId: number, target: PictureTarget, key: string): Promise<boolean> {
  const { table, column, where } = OWNED[target.kind];
  const result = await db.prepare(`UPDATE ${table} SET ${column} = ?3, updated_at = CURRENT_TIMESTAMP WHERE ${where}`).bind(target.id, restaurantId, key).run();
  return result.meta.changes > 0;
}

/** The restaurant's dishes' pictures by dish id (for the console's thumbnails). */
export async function dishPictures(db: SqlStore, restaurantId: number): Promise<Record<number, string>> {
  const { results } = await db
    .prepare(`SELECT id, image FROM products WHERE image IS NOT NULL AND ${DISH_SCOPE.replace("?2", "?1")}`)
    .bind(restaurantId)
    .all<{ id: number; image: string }>();
  return Object.fromEntries(results.map((r) => [r.id, r.image]));
}

/**
 * Claims room for an object of `bytes` under `key`: true when it fits the quota (or the key is the
 * restaurant's already: the same bytes take no more room, and its age starts again).
 */
export async function claimPicture(db: SqlStore, restaurantId: number, key: string, bytes: number, now = Date.now()): Promise<boolean> {
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

/** Gives the room back (claimed at `now`): the object was not stored, or nothing was pointed at it. */
export async function releasePicture(db: SqlStore, _restaurantId: number, key: string, now: number): Promise<void> {
  await db.prepare(`DELETE FROM pictures WHERE key = ?1 AND created_at = ?2 AND NOT ${REFERENCED}`).bind(key, now).run();
}

/**
 * Deletes the rows of up to `limit` of the restaurant's objects claimed before `before` that nothing
 * points at, each by a conditional write (still old, still unreferenced): their keys, for R2.
 */
export async function sweepPictureRows(db: SqlStore, restaurantId: number, before: number, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT key FROM pictures WHERE restaurant_id = ? AND created_at < ? ORDER BY created_at LIMIT ?")
    .bind(restaurantId, before, limit)
    .all<{ key: string }>();
  const swept: string[] = [];
  for (const { key } of results) {
    const gone = await db.prepare(`DELETE FROM pictures WHERE key = ?1 AND created_at < ?2 AND NOT ${REFERENCED} RETURNING key`).bind(key, before).first();
    if (gone) swept.push(key);
  }
  return swept;
}
