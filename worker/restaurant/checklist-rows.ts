// The signals of the console's "first steps" checklist, from the object's rows: dishes, their
// allergens and calories, the brand's colours, the first branch, and whether orders (by a table's code) came in.
// Every statement is scoped by the restaurant. The console (worker/console/home.ts) calls them by name.
import type { SqlStore } from "./sql-bridge";

export interface FirstSteps {
  dishes: number;
  /** Dishes whose allergens were never declared (migrations/0018). */
  undeclared: number;
  /** Dishes that give no calories (schema 17; SFDA asks them of a Saudi restaurant, docs/decisions/0070). */
  noCalories: number;
  colours: boolean;
  /** The first branch, for the links to the diner's pages. */
  firstBranchId: number | null;
}

/** The catalogue's signals (the colours are its brand row). */
export async function firstSteps(db: SqlStore, restaurantId: number): Promise<FirstSteps> {
  const row = await db
    .prepare(
      `SELECT
         (SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
            JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1) AS dishes,
         (SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
            JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1 AND p.allergens_declared = 0) AS undeclared,
         (SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
            JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1 AND p.calories IS NULL) AS noCalories,
         (SELECT id FROM branches WHERE restaurant_id = ?1 ORDER BY sort_num, id LIMIT 1) AS firstBranchId,
         coalesce((SELECT style_primary IS NOT NULL AND style_primary != '' FROM brand WHERE restaurant_id = ?1), 0) AS colours`,
    )
    .bind(restaurantId)
    .first<Omit<FirstSteps, "colours"> & { colours: number }>();
  if (!row) return { dishes: 0, undeclared: 0, noCalories: 0, colours: false, firstBranchId: null };
  return { ...row, colours: row.colours === 1 };
}

export interface OrderSteps {
  /** An order came in through a table's code (table 1 is also what an order without a table gets). */
  tableOrders: number;
  orders: number;
}

/** The checklist's order signals. */
export async function orderSteps(db: SqlStore, restaurantId: number): Promise<OrderSteps> {
  const row = await db
    .prepare("SELECT coalesce(sum(table_id > 1), 0) AS tableOrders, count(*) AS orders FROM orders WHERE restaurant_id = ?")
    .bind(restaurantId)
    .first<OrderSteps>();
  return row ?? { tableOrders: 0, orders: 0 };
}
