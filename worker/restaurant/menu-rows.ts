// The menu editor's writes on the object's rows (docs/decisions/0025): menus, categories and dishes created,
// edited, deleted, reordered, and when a menu or category is served. Every statement carries the
// restaurant in its own WHERE (another restaurant's id matches nothing, so it reads as "no such row":
// 404). The console (worker/console/menu-editor.ts, menu-served.ts) calls them by name and purges.
import { minorUnits } from "../rules/money";
import type { MenuServed } from "../rules/menu-hours";
import type { DishInput, Level, NamesInput } from "../rules/menu-forms";
import type { SqlStore } from "./sql-bridge";

const BRANCHES = "SELECT id FROM branches WHERE restaurant_id = ?2";
const MENUS = "SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?2";
const CATEGORIES = "SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?2";

/** Each level's table, its parent column and the restaurant's parents of that level (`?2`). */
const LEVEL: Record<Level, { table: string; parent: string; parents: string }> = {
  menu: { table: "menus", parent: "branch_id", parents: BRANCHES },
  category: { table: "categories", parent: "menu_id", parents: MENUS },
  dish: { table: "products", parent: "category_id", parents: CATEGORIES },
};

/** The row `?1` of this level, when it is the restaurant's (`?2`). */
export const owned = (level: Level) => `id = ?1 AND ${LEVEL[level].parent} IN (${LEVEL[level].parents})`;

/** The dishes under a menu or category row (SQL over `?1`, the row's id). */
const DISHES_UNDER: Record<Exclude<Level, "dish">, string> = {
  menu: "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.menu_id = ?1",
  category: "SELECT id FROM products WHERE category_id = ?1",
};

export type EditorResult = { ok: true; id: number } | { ok: false; problem: "notFound" } | { ok: false; problem: "notEmpty"; dishes: number };

const found = (row: { id: number } | null): EditorResult => (row ? { ok: true, id: row.id } : { ok: false, problem: "notFound" });

/** A new row at the end of its parent's list; notFound when the parent is not the restaurant's. */
async function insertUnder(
  db: SqlStore,
  restaurantId: number,
  level: Level,
  parentId: number,
  fields: Record<string, string | number | null>,
): Promise<EditorResult> {
  const { table, parent, parents } = LEVEL[level];
  const columns = Object.keys(fields);
  const row = await db
    .prepare(
      `INSERT INTO ${table} (${parent}, sort_num, ${columns.join(", ")})
     SELECT ?1, (SELECT coalesce(max(sort_num), -1) + 1 FROM ${table} WHERE ${parent} = ?1), ${columns.map((_, i) => `?${i + 3}`).join(", ")}
     WHERE ?1 IN (${parents}) RETURNING id`,
    )
    .bind(parentId, restaurantId, ...Object.values(fields))
    .first<{ id: number }>();
  return found(row);
}

async function updateRow(db: SqlStore, restaurantId: number, level: Level, id: number, fields: Record<string, string | number | null>): Promise<EditorResult> {
  const columns = Object.keys(fields);
  const row = await db
    .prepare(
      `UPDATE ${LEVEL[level].table} SET ${columns.map((c, i) => `${c} = ?${i + 3}`).join(", ")}, updated_at = CURRENT_TIMESTAMP WHERE ${owned(level)} RETURNING id`,
    )
    .bind(id, restaurantId, ...Object.values(fields))
    .first<{ id: number }>();
  return found(row);
}

const names = (input: NamesInput) => ({ name_en: input.name_en, name_ar: input.name_ar });

export const createMenu = (db: SqlStore, restaurantId: number, branchId: number, input: NamesInput) =>
  insertUnder(db, restaurantId, "menu", branchId, names(input));
export const updateMenu = (db: SqlStore, restaurantId: number, id: number, input: NamesInput) => updateRow(db, restaurantId, "menu", id, names(input));
export const createCategory = (db: SqlStore, restaurantId: number, menuId: number, input: NamesInput) =>
  insertUnder(db, restaurantId, "category", menuId, names(input));
export const updateCategory = (db: SqlStore, restaurantId: number, id: number, input: NamesInput) => updateRow(db, restaurantId, "category", id, names(input));
/** A dish's form values as stored: its prices in minor units of the restaurant's `currency` (schema version 7). */
const storedDish = ({ price, price_offer, ...rest }: DishInput, currency: string) => ({
  ...rest,
  price_minor: minorUnits(price, currency),
  offer_minor: minorUnits(price_offer, currency),
});
export const createDish = (db: SqlStore, restaurantId: number, categoryId: number, input: DishInput, currency: string) =>
  insertUnder(db, restaurantId, "dish", categoryId, storedDish(input, currency));
/** An edited dish (a "sold out for today" from the board stays: it is not one of the form's fields). */
export const updateDish = (db: SqlStore, restaurantId: number, id: number, input: DishInput, currency: string) =>
  updateRow(db, restaurantId, "dish", id, storedDish(input, currency));

/**
 * Deletes a row with what it holds (categories, dishes, their options). A menu or category that still
 * holds dishes goes only when `confirmedDishes` is their current number (the owner saw "delete with
 * its N dishes"); else notEmpty with the number. Past orders keep their own copies of names and
 * prices (order_items has no reference to products), so they are untouched.
 */
export async function deleteMenuRow(db: SqlStore, restaurantId: number, level: Level, id: number, confirmedDishes?: number): Promise<EditorResult> {
  const exists = await db
    .prepare(`SELECT id FROM ${LEVEL[level].table} WHERE ${owned(level)}`)
    .bind(id, restaurantId)
    .first<{ id: number }>();
  if (!exists) return { ok: false, problem: "notFound" };
  const dishes = level === "dish" ? `SELECT ?1` : DISHES_UNDER[level];
  if (level !== "dish") {
    const count = (await db.prepare(`SELECT count(*) AS n FROM (${dishes})`).bind(id).first<{ n: number }>())?.n ?? 0;
    if (count > 0 && confirmedDishes !== count) return { ok: false, problem: "notEmpty", dishes: count };
  }
  // Children first (the foreign keys); one batch, so nothing is half-deleted.
  const options = `SELECT id FROM options WHERE product_id IN (${dishes})`;
  const statements = [
    `DELETE FROM sub_options WHERE option_id IN (${options})`,
    `DELETE FROM options WHERE product_id IN (${dishes})`,
    `DELETE FROM products WHERE id IN (${dishes})`,
    ...(level === "menu" ? ["DELETE FROM categories WHERE menu_id = ?1"] : []),
    ...(level === "dish" ? [] : [`DELETE FROM ${LEVEL[level].table} WHERE id = ?1`]),
  ];
  await db.batch(statements.map((sql) => db.prepare(sql).bind(id)));
  return { ok: true, id };
}

/**
 * A new order for all of a parent's children: `ids` must be exactly the parent's rows (each once), and
 * the parent the restaurant's. One statement, so concurrent reorders each apply whole (last one wins).
 * notFound: the parent is not the restaurant's; mismatch: the ids are not exactly its children.
 */
export async function reorderMenuRows(
  db: SqlStore,
  restaurantId: number,
  level: Level,
  parentId: number,
  ids: readonly number[],
): Promise<{ ok: true } | { ok: false; problem: "notFound" | "mismatch" }> {
  const { table, parent, parents } = LEVEL[level];
  const result = await db
    .prepare(
      `UPDATE ${table} SET sort_num = (SELECT key FROM json_each(?3) WHERE value = ${table}.id)
     WHERE ${parent} = ?1 AND ?1 IN (${parents}) AND id IN (SELECT value FROM json_each(?3))
       AND (SELECT count(*) FROM ${table} WHERE ${parent} = ?1) = json_array_length(?3)
       AND (SELECT count(*) FROM ${table} WHERE ${parent} = ?1 AND id IN (SELECT value FROM json_each(?3))) = json_array_length(?3)`,
    )
    .bind(parentId, restaurantId, JSON.stringify(ids))
    .run();
  if (result.meta.changes === ids.length) return { ok: true };
  const ownParent = await db.prepare(`SELECT 1 AS yes WHERE ?1 IN (${parents})`).bind(parentId, restaurantId).first();
  return { ok: false, problem: ownParent ? "mismatch" : "notFound" };
}

/** Stores a menu's or a category's windows (null: none; a category's count inside its menu's); false when the row is not the restaurant's. */
export async function setMenuServed(db: SqlStore, restaurantId: number, level: "menu" | "category", id: number, served: MenuServed | null): Promise<boolean> {
  const row = await db
    .prepare(`UPDATE ${level === "menu" ? "menus" : "categories"} SET served = ?3, updated_at = CURRENT_TIMESTAMP WHERE ${owned(level)} RETURNING id`)
    .bind(id, restaurantId, served === null ? null : JSON.stringify(served))
    .first();
  return row !== null;
}
