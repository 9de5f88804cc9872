// A restaurant's catalogue (branches, menus, categories, dishes, options, socials, pictures, visit
// buckets…) as the tests read and change it: its object's own store (./object-store.ts), named by
// restaurant, so where the catalogue lives changes this file, not every test.
import { objectStore } from "./object-store";

export const GRILL_ID = 2;

/** prepare/bind/first/all/run and batch, as D1's; one restaurant's rows only (statements touch no directory table). */
export const catalogueOf = objectStore;

/** The rows of one catalogue statement. */
export async function catalogueRows<T = Record<string, unknown>>(restaurantId: number, sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await catalogueOf(restaurantId)
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

/** The first row of one catalogue statement, or null. */
export const catalogueRow = <T = Record<string, unknown>>(restaurantId: number, sql: string, ...params: unknown[]) =>
  catalogueOf(restaurantId)
    .prepare(sql)
    .bind(...params)
    .first<T>();

/** Runs one catalogue statement; answers how many rows it changed. */
export async function catalogueRun(restaurantId: number, sql: string, ...params: unknown[]): Promise<number> {
  return (
    await catalogueOf(restaurantId)
      .prepare(sql)
      .bind(...params)
      .run()
  ).meta.changes;
}

/** A dish of the branch a diner can order now with no choices to make (shown, available, no serving times, no required group). */
export const plainDish = async (restaurantId: number, branchId: number) =>
  (await catalogueRow<{ id: number }>(
    restaurantId,
    `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
     WHERE m.branch_id = ? AND p.hidden = 0 AND p.unavailable = 0 AND m.served IS NULL AND c.served IS NULL
       AND p.id NOT IN (SELECT product_id FROM options WHERE required = 1) ORDER BY p.id LIMIT 1`,
    branchId,
  ))!.id;
