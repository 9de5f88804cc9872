// A branch's menus, categories and dishes as the spreadsheet sees them (the export's rows, the import's
// "before"), read by the object (worker/restaurant/menu-sheet-rows.ts). The caller passes a branch
// already checked against the member's restaurant (chosenBranch).
import { restaurantCall, type RestaurantRef } from "../../restaurant/stub";
import type { BranchMenu } from "../../rules/menu-csv/sheet";

export type { BranchMenu };

/** `currency`: the restaurant's, whose minor units the prices are stored in (read as major units). */
export const branchMenu = (env: Env, tenant: RestaurantRef, branchId: number, currency: string): Promise<BranchMenu> =>
  restaurantCall(env, tenant, "branchMenuSheet", branchId, currency);
