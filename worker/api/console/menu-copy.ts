// Copies in the menu editor: a dish duplicated beside itself, a whole menu copied to another branch
// of the restaurant. Each copy is ONE db.batch (all or nothing): new ids are chosen after the current
// maxima, so a concurrent insert that took one makes the batch fail on the primary key and it is
// retried afresh.
import { owned } from "./menu-editor";

type Row = Record<string, unknown> & { id: number };

const PRODUCT_COLUMNS = ["category_id", "name_en", "name_ar", "description_en", "description_ar", "image", "price", "price_offer", "is_new", "common", "hidden", "unavailable", "sort_num", "allergens", "allergens_declared", "tags"] as const;

/** One INSERT of many rows (explicit ids) through a JSON array. */
const insertRows = (db: D1Database, table: string, columns: readonly string[], rows: readonly Record<string, unknown>[]) =>
  db.prepare(`INSERT INTO ${table} (id, ${columns.join(", ")}) SELECT json_extract(value, '$.id'), ${columns.map((c) => `json_extract(value, '$.${c}')`).join(", ")} FROM json_each(?)`)
    .bind(JSON.stringify(rows.map((row) => Object.fromEntries(["id", ...columns].map((c) => [c, row[c] ?? null])))));

async function maxIds(db: D1Database) {
  return (await db.prepare(
    `SELECT (SELECT coalesce(max(id), 0) FROM menus) AS menus, (SELECT coalesce(max(id), 0) FROM categories) AS categories,
            (SELECT coalesce(max(id), 0) FROM products) AS products, (SELECT coalesce(max(id), 0) FROM options) AS options,
            (SELECT coalesce(max(id), 0) FROM sub_options) AS sub_options`,
  ).first<Record<"menus" | "categories" | "products" | "options" | "sub_options", number>>())!;
}

/** New ids for rows, from `after + 1` on, as old id → new id. */
const renumber = (rows: readonly Row[], after: number) => new Map(rows.map((row, i) => [row.id, after + 1 + i]));

/** The options and choices of these dishes, copied onto their new ids (statements for a batch). */
async function optionStatements(db: D1Database, dishIds: Map<number, number>, max: { options: number; sub_options: number }) {
  const source = JSON.stringify([...dishIds.keys()]);
  const [options, subs] = await db.batch<Row>([
    db.prepare("SELECT * FROM options WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY id").bind(source),
    db.prepare("SELECT s.* FROM sub_options s JOIN options o ON o.id = s.option_id WHERE o.product_id IN (SELECT value FROM json_each(?)) ORDER BY s.id").bind(source),
  ]);
  const optionIds = renumber(options!.results, max.options);
  const subIds = renumber(subs!.results, max.sub_options);
  return [
    insertRows(db, "options", ["product_id", "name_en", "name_ar", "sort_num", "required", "min_choices", "max_choices"], options!.results.map((o) => ({ ...o, id: optionIds.get(o.id), product_id: dishIds.get(o.product_id as number) }))),
    insertRows(db, "sub_options", ["option_id", "name_en", "name_ar", "price", "sort_num"], subs!.results.map((s) => ({ ...s, id: subIds.get(s.id), option_id: optionIds.get(s.option_id as number) }))),
  ];
}

/** Runs `attempt` again when another insert took one of its chosen ids. */
async function withFreshIds<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 5 || !String(error).includes("UNIQUE constraint failed")) throw error;
    }
  }
}

const COPY = { en: " (copy)", ar: " (نسخة)" };

/** A copy of the dish (fields, options and choices; names end in "(copy)"), placed right after it. */
export function duplicateDish(db: D1Database, restaurantId: number, dishId: number): Promise<number | null> {
  return withFreshIds(async () => {
    const dish = await db.prepare(`SELECT * FROM products WHERE ${owned("dish")}`).bind(dishId, restaurantId).first<Row>();
    if (!dish) return null;
    const max = await maxIds(db);
    const newId = max.products + 1;
    const copy = {
      ...dish, id: newId, sort_num: 0,
      name_en: dish.name_en ? `${String(dish.name_en)}${COPY.en}` : "", name_ar: dish.name_ar ? `${String(dish.name_ar)}${COPY.ar}` : "",
    };
    await db.batch([
      // The category's order made strict and spaced (0, 2, 4…) so the copy fits right after the dish.
      db.prepare(
        `UPDATE products SET sort_num = 2 * (SELECT count(*) FROM products q WHERE q.category_id = products.category_id
           AND (q.sort_num < products.sort_num OR (q.sort_num = products.sort_num AND q.id < products.id))) WHERE category_id = ?`,
      ).bind(dish.category_id),
      insertRows(db, "products", PRODUCT_COLUMNS, [copy]),
      db.prepare("UPDATE products SET sort_num = (SELECT sort_num FROM products WHERE id = ?1) + 1 WHERE id = ?2").bind(dishId, newId),
      ...(await optionStatements(db, new Map([[dishId, newId]]), max)),
    ]);
    return newId;
  });
}

/**
 * The menu with its categories, dishes and options copied to another branch of the same restaurant
 * (at the end of its menus). null: the menu or the branch is not the restaurant's.
 */
export function copyMenu(db: D1Database, restaurantId: number, menuId: number, branchId: number): Promise<number | null> {
  return withFreshIds(async () => {
    const [menu, branch, categories, dishes] = await db.batch<Row>([
      db.prepare(`SELECT * FROM menus WHERE ${owned("menu")}`).bind(menuId, restaurantId),
      db.prepare("SELECT id, (SELECT coalesce(max(sort_num), -1) + 1 FROM menus WHERE branch_id = ?1) AS next FROM branches WHERE id = ?1 AND restaurant_id = ?2").bind(branchId, restaurantId),
      db.prepare("SELECT * FROM categories WHERE menu_id = ? ORDER BY id").bind(menuId),
      db.prepare("SELECT p.* FROM products p JOIN categories c ON c.id = p.category_id WHERE c.menu_id = ? ORDER BY p.id").bind(menuId),
    ]);
    const source = menu!.results[0];
    const target = branch!.results[0];
    if (!source || !target) return null;
    const max = await maxIds(db);
    const newMenu = max.menus + 1;
    const categoryIds = renumber(categories!.results, max.categories);
    const dishIds = renumber(dishes!.results, max.products);
    await db.batch([
      insertRows(db, "menus", ["branch_id", "name_en", "name_ar", "image", "sort_num"], [{ ...source, id: newMenu, branch_id: branchId, sort_num: target.next }]),
      insertRows(db, "categories", ["menu_id", "name_en", "name_ar", "image", "sort_num"], categories!.results.map((c) => ({ ...c, id: categoryIds.get(c.id), menu_id: newMenu }))),
      insertRows(db, "products", PRODUCT_COLUMNS, dishes!.results.map((p) => ({ ...p, id: dishIds.get(p.id), category_id: categoryIds.get(p.category_id as number) }))),
      ...(await optionStatements(db, dishIds, max)),
    ]);
    return newMenu;
  });
}
