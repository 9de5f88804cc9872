// The menu editor's writes (docs/decisions/0025): menus, categories and dishes created, edited, deleted and
// reordered. The rows are the object's (worker/restaurant/menu-rows.ts: another restaurant's id
// matches nothing there, so it reads as "no such row": 404); each change here purges the tenant.
import { bumpTenantVersion } from "../directory/versions";
import type { EditorResult } from "../restaurant/menu-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import type { DishInput, Level, NamesInput } from "../rules/menu-forms";

export type { EditorResult };

/** The restaurant the menu screens work in: its object, and the domain whose diner cache a change purges. */
export interface MenuTenant extends RestaurantRef {
  domain: string;
}

/** The outcome, after purging the tenant's diner cache when the write went through. */
export async function purged<R extends { ok: boolean }>(env: Env, tenant: MenuTenant, result: R): Promise<R> {
  if (result.ok) await bumpTenantVersion(env, tenant.domain);
  return result;
}

export const createMenu = async (env: Env, tenant: MenuTenant, branchId: number, input: NamesInput) =>
  purged(env, tenant, await restaurantCall(env, tenant, "createMenu", branchId, input));
export const updateMenu = async (env: Env, tenant: MenuTenant, id: number, input: NamesInput) =>
  purged(env, tenant, await restaurantCall(env, tenant, "updateMenu", id, input));
export const createCategory = async (env: Env, tenant: MenuTenant, menuId: number, input: NamesInput) =>
  purged(env, tenant, await restaurantCall(env, tenant, "createCategory", menuId, input));
export const updateCategory = async (env: Env, tenant: MenuTenant, id: number, input: NamesInput) =>
  purged(env, tenant, await restaurantCall(env, tenant, "updateCategory", id, input));
/** A dish, its prices stored in minor units of the restaurant's `currency`. */
export const createDish = async (env: Env, tenant: MenuTenant, categoryId: number, input: DishInput, currency: string) =>
  purged(env, tenant, await restaurantCall(env, tenant, "createDish", categoryId, input, currency));
/** An edited dish (a "sold out for today" from the board stays: it is not one of the form's fields). */
export const updateDish = async (env: Env, tenant: MenuTenant, id: number, input: DishInput, currency: string) =>
  purged(env, tenant, await restaurantCall(env, tenant, "updateDish", id, input, currency));

/**
 * Deletes a row with what it holds. A menu or category that still holds dishes goes only when
 * `confirmedDishes` is their current number; else notEmpty with the number.
 */
export const deleteRow = async (env: Env, tenant: MenuTenant, level: Level, id: number, confirmedDishes?: number) =>
  purged(env, tenant, await restaurantCall(env, tenant, "deleteMenuRow", level, id, confirmedDishes));

/** A new order for all of a parent's children (exactly its rows, each once): notFound or mismatch otherwise. */
export const reorder = async (env: Env, tenant: MenuTenant, level: Level, parentId: number, ids: readonly number[]) =>
  purged(env, tenant, await restaurantCall(env, tenant, "reorderMenuRows", level, parentId, ids));
