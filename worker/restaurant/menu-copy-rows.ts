// Copies in the menu editor, on the object's rows: a dish duplicated beside itself, a whole menu copied
// to another branch of the restaurant (the console, worker/console/menu-copy.ts, calls them by name
// and purges). Each copy is ONE db.batch (a transaction: all or nothing, and no other write
// between its statements). Its new ids are the table's maxima read by the batch's first statement
// (kept in copy_bases under a token of its own) plus each row's place, so concurrent copies never
// choose the same id (ids chosen before the batch let 20 concurrent duplicates collide into 500s).
import { owned } from "./menu-rows";
import type { SqlStore } from "./sql-bridge";

type Row = Record<string, unknown> & { id: number };
type Table = "menus" | "categories" | "products" | "options" | "sub_options";

const PRODUCT_COLUMNS = [
  "category_id",
  "name_en",
  "name_ar",
  "description_en",
  "description_ar",
  "image",
  "price_minor",
  "offer_minor",
  "is_new",
  "common",
  "hidden",
  "unavailable",
  "sort_num",
  "allergens",
  "allergens_declared",
  "tags",
  "calories",
  "caffeine_mg",
  "high_salt",
] as const;

/** The batch's first statement: the current maxima, under `token`. */
const takeBases = (db: SqlStore, token: string) =>
  db
    .prepare(
      `INSERT INTO copy_bases (token, menus, categories, products, options, sub_options) SELECT ?1,
       (SELECT coalesce(max(id), 0) FROM menus), (SELECT coalesce(max(id), 0) FROM categories), (SELECT coalesce(max(id), 0) FROM products),
       (SELECT coalesce(max(id), 0) FROM options), (SELECT coalesce(max(id), 0) FROM sub_options)`,
    )
    .bind(token);
const dropBases = (db: SqlStore, token: string) => db.prepare("DELETE FROM copy_bases WHERE token = ?").bind(token);
const base = (table: Table) => `(SELECT ${table} FROM copy_bases WHERE token = ?2)`;

/**
 * One INSERT of many rows through a JSON array. `shifted` names the columns (`id` always) whose values
 * are places (1, 2, …) among the new rows of a table: the table's base is added in SQL.
 */
const insertRows = (
  db: SqlStore,
  token: string,
  table: Table,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  shifted: Record<string, Table> = {},
) => {
  const all = ["id", ...columns];
  const shifts: Record<string, Table> = { id: table, ...shifted };
  const value = (c: string) => (shifts[c] ? `json_extract(value, '$.${c}') + ${base(shifts[c])}` : `json_extract(value, '$.${c}')`);
  return db
    .prepare(`INSERT INTO ${table} (${all.join(", ")}) SELECT ${all.map(value).join(", ")} FROM json_each(?1)`)
    .bind(JSON.stringify(rows.map((row) => Object.fromEntries(all.map((c) => [c, row[c] ?? null])))), token);
};

/** Each row's place among the new rows (1, 2, …), as old id → place. */
const places = (rows: readonly Row[]) => new Map(rows.map((row, i) => [row.id, 1 + i]));

/** The options and choices of these dishes, copied onto their new dishes (statements for the batch). */
async function optionStatements(db: SqlStore, token: string, dishPlaces: Map<number, number>) {
  const source = JSON.stringify([...dishPlaces.keys()]);
  const [options, subs] = await db.batch<Row>([
    db.prepare("SELECT * FROM options WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY id").bind(source),
    db
      .prepare("SELECT s.* FROM sub_options s JOIN options o ON o.id = s.option_id WHERE o.product_id IN (SELECT value FROM json_each(?)) ORDER BY s.id")
      .bind(source),
  ]);
  const optionPlaces = places(options!.results);
  const subPlaces = places(subs!.results);
  return [
    insertRows(
      db,
      token,
      "options",
      ["product_id", "name_en", "name_ar", "sort_num", "required", "min_choices", "max_choices"],
      options!.results.map((o) => ({ ...o, id: optionPlaces.get(o.id), product_id: dishPlaces.get(o.product_id as number) })),
      { product_id: "products" },
    ),
    insertRows(
      db,
      token,
      "sub_options",
      ["option_id", "name_en", "name_ar", "price_minor", "sort_num", "calories"],
      subs!.results.map((s) => ({ ...s, id: subPlaces.get(s.id), option_id: optionPlaces.get(s.option_id as number) })),
      { option_id: "options" },
    ),
  ];
}

const COPY = { en: " (copy)", ar: " (نسخة)" };

/** A copy of the dish (fields, options and choices; names end in "(copy)"), placed right after it. */
export async function duplicateDish(db: SqlStore, restaurantId: number, dishId: number): Promise<number | null> {
  const dish = await db
    .prepare(`SELECT * FROM products WHERE ${owned("dish")}`)
    .bind(dishId, restaurantId)
    .first<Row>();
  if (!dish) return null;
  const token = crypto.randomUUID();
  const copy = {
    ...dish,
    id: 1,
    sort_num: 0,
    name_en: dish.name_en ? `${String(dish.name_en)}${COPY.en}` : "",
    name_ar: dish.name_ar ? `${String(dish.name_ar)}${COPY.ar}` : "",
  };
  const results = await db.batch<{ id: number }>([
    takeBases(db, token),
    // The category's order made strict and spaced (0, 2, 4…) so the copy fits right after the dish.
    db
      .prepare(
        `UPDATE products SET sort_num = 2 * (SELECT count(*) FROM products q WHERE q.category_id = products.category_id
         AND (q.sort_num < products.sort_num OR (q.sort_num = products.sort_num AND q.id < products.id))) WHERE category_id = ?`,
      )
      .bind(dish.category_id),
    insertRows(db, token, "products", PRODUCT_COLUMNS, [copy]),
    db.prepare(`UPDATE products SET sort_num = (SELECT sort_num FROM products WHERE id = ?1) + 1 WHERE id = ${base("products")} + 1`).bind(dishId, token),
    ...(await optionStatements(db, token, new Map([[dishId, 1]]))),
    db.prepare("SELECT products + 1 AS id FROM copy_bases WHERE token = ?").bind(token),
    dropBases(db, token),
  ]);
  return results.at(-2)!.results[0]!.id;
}

/**
 * The menu with its categories, dishes and options copied to another branch of the same restaurant
 * (at the end of its menus). null: the menu or the branch is not the restaurant's.
 */
export async function copyMenu(db: SqlStore, restaurantId: number, menuId: number, branchId: number): Promise<number | null> {
  const [menu, branch, categories, dishes] = await db.batch<Row>([
    db.prepare(`SELECT * FROM menus WHERE ${owned("menu")}`).bind(menuId, restaurantId),
    db.prepare("SELECT id FROM branches WHERE id = ?1 AND restaurant_id = ?2").bind(branchId, restaurantId),
    db.prepare("SELECT * FROM categories WHERE menu_id = ? ORDER BY id").bind(menuId),
    db.prepare("SELECT p.* FROM products p JOIN categories c ON c.id = p.category_id WHERE c.menu_id = ? ORDER BY p.id").bind(menuId),
  ]);
  const source = menu!.results[0];
  if (!source || !branch!.results[0]) return null;
  const token = crypto.randomUUID();
  const categoryPlaces = places(categories!.results);
  const dishPlaces = places(dishes!.results);
  const results = await db.batch<{ id: number }>([
    takeBases(db, token),
    insertRows(
      db,
      token,
      "menus",
      ["branch_id", "name_en", "name_ar", "image", "sort_num", "served"],
      [{ ...source, id: 1, branch_id: branchId, sort_num: 0 }],
    ),
    // At the end of the branch's menus, counted inside the batch.
    db
      .prepare(
        `UPDATE menus SET sort_num = (SELECT coalesce(max(sort_num), -1) + 1 FROM menus WHERE branch_id = ?1 AND id <> ${base("menus")} + 1) WHERE id = ${base("menus")} + 1`,
      )
      .bind(branchId, token),
    insertRows(
      db,
      token,
      "categories",
      ["menu_id", "name_en", "name_ar", "image", "sort_num", "served"],
      categories!.results.map((c) => ({ ...c, id: categoryPlaces.get(c.id), menu_id: 1 })),
      { menu_id: "menus" },
    ),
    insertRows(
      db,
      token,
      "products",
      PRODUCT_COLUMNS,
      dishes!.results.map((p) => ({ ...p, id: dishPlaces.get(p.id), category_id: categoryPlaces.get(p.category_id as number) })),
      { category_id: "categories" },
    ),
    ...(await optionStatements(db, token, dishPlaces)),
    db.prepare("SELECT menus + 1 AS id FROM copy_bases WHERE token = ?").bind(token),
    dropBases(db, token),
  ]);
  return results.at(-2)!.results[0]!.id;
}
