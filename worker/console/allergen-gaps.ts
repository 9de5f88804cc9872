// Dishes whose allergens were never declared (docs/decisions/0028): the menu editor counts
// and lists a branch's, read by the object (worker/restaurant/allergen-gap-rows.ts).
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import type { UndeclaredDish } from "../restaurant/allergen-gap-rows";

/** The branch's dishes (hidden ones too) with no allergen information: how many, and the first ones in the menu's order. */
export const undeclaredDishes = (env: Env, tenant: RestaurantRef, branchId: number): Promise<{ total: number; dishes: UndeclaredDish[] }> =>
  restaurantCall(env, tenant, "undeclaredDishes", branchId);
