// Applying an import plan: every menu, category and dish it creates or updates in one transaction of
// the restaurant's object (worker/restaurant/menu-import-rows.ts: all or nothing; a failed batch is
// 409, try again), then the restaurant's diner cache purged when anything was written.
import { bumpTenantVersion } from "../../directory/versions";
import { restaurantCall, type RestaurantRef } from "../../restaurant/stub";
import type { ImportPlan } from "../../rules/menu-csv/plan";

export async function applyPlan(env: Env, tenant: RestaurantRef & { domain: string; currency: string }, branchId: number, plan: ImportPlan) {
  const applied = await restaurantCall(env, tenant, "applyMenuImport", branchId, plan, tenant.currency);
  if (applied.ok && applied.menus + applied.categories + applied.created + applied.updated > 0) await bumpTenantVersion(env, tenant.domain);
  return applied;
}
