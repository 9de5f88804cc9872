// The menu spreadsheet's door (/console/menu/export.csv and /console/menu/import): a branch's menu as
// CSV, and an upload's dry run, stash and application. The column list and the dry run are pure rules
// (worker/rules/menu-csv/); the rows are the restaurant's object's.
/** The step its prices must be on (docs/decisions/0079): Tap takes every fils, Stripe tens of them in KWD, BHD and OMR. */
export { priceStepOf } from "./charge-step";
import type { ConsoleBranch } from "../restaurant/branch-rows";
import type { RestaurantRef } from "../restaurant/stub";
import { branchesIn } from "./reads";

export { applyPlan } from "./menu-csv/apply";
export { branchMenu } from "./menu-csv/branch-menu";
export { exportMenuCsv } from "./menu-csv/export";
export { spendStash, stashImport, stashedImport } from "./menu-csv/stash";
export { MAX_CSV_BYTES, readImportForm } from "./menu-csv/upload";

/** The restaurant's branches, in the console's order (the sheet is one branch's: `?branch=`, else the first). */
export const sheetBranches = (env: Env, tenant: RestaurantRef): Promise<ConsoleBranch[]> => branchesIn(env, tenant);
