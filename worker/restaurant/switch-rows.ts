// The board's switches on the object's rows: a branch's dishes found by name, a dish marked sold out,
// a branch paused. Each statement is scoped by the restaurant and branch in its own WHERE, so another
// restaurant's ids match nothing. The console (worker/console/switches.ts) calls them by name.
import { nextLocalMidnight } from "../rules/local-time";
import type { SqlStore } from "./sql-bridge";

/** The dishes of one branch of the restaurant. */
const BRANCH_DISHES = `category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
  WHERE b.id = ?2 AND b.restaurant_id = ?3)`;

export interface SwitchDish {
  id: number;
  name_en: string;
  name_ar: string;
  unavailable: number;
  sold_out_until: number | null;
}

/** Dishes of the branch matching `query` (either language), sold-out ones first; at most 20. */
export async function findDishes(db: SqlStore, restaurantId: number, branchId: number, query: string, now: number): Promise<SwitchDish[]> {
  const like = `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { results } = await db
    .prepare(
      `SELECT id, name_en, name_ar, unavailable, sold_out_until FROM products
     WHERE ${BRANCH_DISHES} AND hidden = 0 AND (?1 = '%%' OR name_en LIKE ?1 ESCAPE '\\' OR name_ar LIKE ?1 ESCAPE '\\')
     ORDER BY (unavailable = 1 OR coalesce(sold_out_until, 0) > ?4) DESC, name_en LIMIT 20`,
    )
    .bind(like, branchId, restaurantId, now)
    .all<SwitchDish>();
  return results;
}

/**
 * Marks a dish of the branch sold out for today (until the branch's next local midnight), until turned
 * back on ("manual") or not ("off"); null when it is not one of the branch's (another restaurant's, gone).
 */
export async function markSoldOut(db: SqlStore, restaurantId: number, branchId: number, productId: number, mode: "today" | "manual" | "off", now: number) {
  const branch = await db
    .prepare("SELECT time_zone FROM branches WHERE id = ? AND restaurant_id = ?")
    .bind(branchId, restaurantId)
    .first<{ time_zone: string }>();
  if (!branch) return null;
  const until = mode === "today" ? nextLocalMidnight(now, branch.time_zone) : null;
  return db
    .prepare(
      `UPDATE products SET unavailable = ?4, sold_out_until = ?5, updated_at = CURRENT_TIMESTAMP WHERE id = ?1 AND ${BRANCH_DISHES} RETURNING id, sold_out_until`,
    )
    .bind(productId, branchId, restaurantId, mode === "manual" ? 1 : 0, until)
    .first<{ id: number; sold_out_until: number | null }>();
}

/** Sets a branch's pause on new orders (null: taking them); false when the branch is not the restaurant's. */
export async function pauseBranch(db: SqlStore, restaurantId: number, branchId: number, until: number | null): Promise<boolean> {
  const row = await db
    .prepare("UPDATE branches SET paused_until = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ? AND restaurant_id = ? RETURNING id")
    .bind(until, branchId, restaurantId)
    .first<{ id: number }>();
  return row !== null;
}
