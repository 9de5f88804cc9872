// What the menu editor shows for one branch: its menus, categories and dishes, and the restaurant's
// colours for the diner's-card preview, read by the object (worker/restaurant/menu-tree-rows.ts).
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import type { EditorMenu } from "../restaurant/menu-tree-rows";

/** The branch's menus in the diner's order (null: not the restaurant's branch); prices in major units of `currency`. */
export const menuTree = (env: Env, tenant: RestaurantRef, branchId: number, currency: string): Promise<EditorMenu[] | null> =>
  restaurantCall(env, tenant, "menuTree", branchId, currency);

/** The restaurant's own colours (as stored; the app cleans them for display). */
export const brandStyleOf = (env: Env, tenant: RestaurantRef) => restaurantCall(env, tenant, "menuBrandStyle");
