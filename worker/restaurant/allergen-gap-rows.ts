// Dishes whose allergens were never declared (docs/decisions/0028), read on the object's
// rows: the menu editor counts and lists a branch's, so the restaurant can find and declare them (a
// diet filter hides them). The console (worker/console/allergen-gaps.ts) calls it by name.
import type { SqlStore } from "./sql-bridge";

export interface UndeclaredDish {
  id: number;
  name_en: string;
  name_ar: string;
}

/** At most this many are listed (a freshly imported menu may have thousands); the count is of all. */
const LISTED_GAPS = 50;

/** The branch's dishes (hidden ones too) with no allergen information: how many, and the first ones in the menu's order. */
export async function undeclaredDishes(db: SqlStore, restaurantId: number, branchId: number): Promise<{ total: number; dishes: UndeclaredDish[] }> {
  const { results } = await db
    .prepare(
      `SELECT p.id, p.name_en, p.name_ar, count(*) OVER () AS total FROM products p JOIN categories c ON c.id = p.category_id
     JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
     WHERE b.id = ? AND b.restaurant_id = ? AND p.allergens_declared = 0 ORDER BY m.sort_num, m.id, c.sort_num, c.id, p.sort_num, p.id LIMIT ?`,
    )
    .bind(branchId, restaurantId, LISTED_GAPS)
    .all<UndeclaredDish & { total: number }>();
  return { total: results[0]?.total ?? 0, dishes: results.map(({ total: _, ...dish }) => dish) };
}
