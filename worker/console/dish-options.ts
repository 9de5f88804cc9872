// A dish's option groups, choices, allergens and tags in the console (docs/decisions/0024): the form parsed and
// checked here, read and saved by the restaurant's object (worker/restaurant/dish-option-rows.ts:
// one save is one transaction, all or nothing), then the tenant's cache is purged. Choices keep their
// ids across saves, so diners' carts stay valid.
/** The step its prices must be on (docs/decisions/0079): Tap takes every fils, Stripe tens of them in KWD, BHD and OMR. */
export { priceStepOf } from "./charge-step";
import { bumpTenantVersion } from "../directory/versions";
import type { DishOptionsInput } from "../rules/dish-options-input";
import type { DishEditor } from "../restaurant/dish-option-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";

export { DishOptionsInput, ruleErrors, type FieldErrors } from "../rules/dish-options-input";

/** The dish as the editor shows it (prices in major units of `currency`); null when it is not this restaurant's (the screen answers 404). */
export const dishEditor = (env: Env, tenant: RestaurantRef, productId: number, currency: string): Promise<DishEditor | null> =>
  restaurantCall(env, tenant, "dishEditor", productId, currency);

/**
 * Saves the dish's groups in the order given (ids must be this dish's, else nothing is written and the
 * answer is "foreign"; left-out groups and choices are removed), then purges the tenant's cache.
 */
export async function saveDishOptions(
  env: Env,
  tenant: RestaurantRef & { domain: string; currency: string },
  productId: number,
  input: DishOptionsInput,
): Promise<"saved" | "gone" | "foreign"> {
  const outcome = await restaurantCall(env, tenant, "saveDishOptions", productId, input, tenant.currency);
  if (outcome === "saved") await bumpTenantVersion(env, tenant.domain);
  return outcome;
}
