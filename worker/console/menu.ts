// The menu screen's door (/console/menu): everything its route reads and writes, from the editor's
// parts (menus, categories and dishes; copies; serving times; the allergens still to declare; the tree
// with the brand's colours) and the restaurant's branches, pictures and directory row.
/** The step its prices must be on (docs/decisions/0079): Tap takes every fils, Stripe tens of them in KWD, BHD and OMR. */
export { priceStepOf } from "./charge-step";
import type { ConsoleBranch } from "../restaurant/branch-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { branchesIn } from "./reads";

export { restaurantOf } from "./reads";
export { undeclaredDishes } from "./allergen-gaps";
export { copyMenu, duplicateDish } from "./menu-copy";
export { createCategory, createDish, createMenu, deleteRow, reorder, updateCategory, updateDish, updateMenu, type EditorResult } from "./menu-editor";
export { brandStyleOf, menuTree } from "./menu-tree";
export { parseServed, setServed } from "./menu-served";

/** The restaurant's branches, in the console's order (the screen shows one at a time). */
export const menuBranches = (env: Env, tenant: RestaurantRef): Promise<ConsoleBranch[]> => branchesIn(env, tenant);

/** Each dish's current picture by dish id (the editor shows them beside the dishes). */
export const menuPictures = (env: Env, tenant: RestaurantRef): Promise<Record<number, string>> => restaurantCall(env, tenant, "dishPictures");
