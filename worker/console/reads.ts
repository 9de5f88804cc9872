// What several console screens read: the restaurant's directory row and state, its branches (a staff
// member's only), its calendar. The rows are the directory's (../directory/restaurant-rows.ts) and the
// object's (../restaurant/branch-rows.ts); every read is scoped by the member's restaurant id.
import type { BranchScope, ConsoleBranch } from "../restaurant/branch-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { branchZone } from "../rules/local-time";

export type { BranchScope, ConsoleBranch };
export { restaurantOf } from "../directory/restaurant-rows";

/** The restaurant a console request works in: its id, its domain (the diner's address, the cache) and country (where its object lives). */
export interface ConsoleTenant extends RestaurantRef {
  domain: string;
}

/** The restaurant's branches (only the scope's), in the diner's order. */
export const branchesIn = (env: Env, tenant: RestaurantRef, scope: BranchScope = null): Promise<ConsoleBranch[]> =>
  restaurantCall(env, tenant, "listBranches", scope);

/** The restaurant's calendar: its first branch's zone (a month's invoices, a webhook's log are read in it). */
export async function restaurantZone(env: Env, tenant: RestaurantRef): Promise<string> {
  return branchZone((await branchesIn(env, tenant))[0]?.time_zone);
}
