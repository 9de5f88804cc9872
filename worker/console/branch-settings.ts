// A branch's settings as the console reads and saves them (/console/branches/:id): its row in the
// restaurant's object (../restaurant/branch-rows.ts), scoped by the restaurant (another's branch is no
// row), with what the form needs of the restaurant (its country, whether it takes cards). A save
// purges the tenant's cache: the hours and the ordering switch are on the diner's pages.
import type { BranchSettingsChange, BranchSettingsRow } from "../restaurant/branch-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { restaurantOf } from "../directory/restaurant-rows";
import { bumpTenantVersion } from "../directory/versions";
import { takesCards } from "../providers/card-payments";
import type { ConsoleTenant } from "./reads";

export type { BranchSettingsChange, BranchSettingsRow };

/** The branch of the restaurant as the board's screens need it, or null when it is not the restaurant's. */
export const consoleBranch = (env: Env, tenant: RestaurantRef, branchId: number) => restaurantCall(env, tenant, "boardBranch", branchId);

/** The branch's row, the country its phones are read in (worker/rules/e164.ts) and whether it may take cards; null: not the restaurant's. */
export async function branchSettingsOf(env: Env, tenant: RestaurantRef, branchId: number) {
  const [branch, restaurant] = await Promise.all([restaurantCall(env, tenant, "branchSettingsRow", branchId), restaurantOf(env.DB, tenant.id)]);
  if (!branch) return null;
  return {
    branch,
    country: restaurant?.country ?? "AE",
    cards: await takesCards(env, {
      id: tenant.id,
      country: restaurant?.country ?? "AE",
      currency: restaurant?.currency ?? "AED",
      stripe_account_id: restaurant?.stripe_account_id ?? null,
    }),
  };
}

/** Saves every setting of the form at once; false when the branch is not (or no longer) the restaurant's. */
export async function saveBranchSettings(env: Env, tenant: ConsoleTenant, branchId: number, r: BranchSettingsChange): Promise<boolean> {
  const saved = await restaurantCall(env, tenant, "saveBranchSettings", branchId, r);
  // Diners' pages and catalogue copies miss at once (the hours and the ordering switch are on them).
  await bumpTenantVersion(env, tenant.domain);
  return saved;
}
