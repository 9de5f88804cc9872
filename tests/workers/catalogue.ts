// A restaurant's catalogue (branches, menus, categories, dishes, options, socials, pictures, visit
// buckets…) as the tests read and change it: the same store the worker reaches (catalogueStore), named by
// restaurant, so moving the catalogue into the restaurant's object changes this file, not every test.
import { env } from "cloudflare:test";
import { catalogueStore } from "../../worker/restaurant/stub";

export const GRILL_ID = 2;

/** prepare/bind/first/all/run and batch, as D1's; one restaurant's rows only (statements touch no directory table). */
export const catalogueOf = (restaurantId: number) => catalogueStore(env, { id: restaurantId });

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
