// Copies in the menu editor: a dish duplicated beside itself, a whole menu copied to another branch of
// the restaurant, each one transaction in the object (worker/restaurant/menu-copy-rows.ts), then purged.
import { restaurantCall } from "../restaurant/stub";
import { purged, type MenuTenant } from "./menu-editor";

/** The copy's id, placed right after the dish; null when the dish is not the restaurant's. */
export async function duplicateDish(env: Env, tenant: MenuTenant, dishId: number): Promise<number | null> {
  const id = await restaurantCall(env, tenant, "duplicateDish", dishId);
  return (await purged(env, tenant, { ok: id !== null, id })).id;
}

/** The new menu's id at the end of the branch's menus; null when the menu or the branch is not the restaurant's. */
export async function copyMenu(env: Env, tenant: MenuTenant, menuId: number, branchId: number): Promise<number | null> {
  const id = await restaurantCall(env, tenant, "copyMenu", menuId, branchId);
  return (await purged(env, tenant, { ok: id !== null, id })).id;
}
