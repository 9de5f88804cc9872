// The board's two switches (docs/decisions/0021): a dish sold out ("86") for today or until turned back on,
// and a branch's pause on new orders. The rows are the object's (worker/restaurant/switch-rows.ts);
// each write purges the tenant, so diners see it within seconds. A switch with an end comes back by
// itself on the restaurant's own alarm (worker/restaurant/switch-clock.ts).
import { restaurantCall } from "../restaurant/stub";
import { bumpTenantVersion } from "../directory/versions";
import { PAUSE_MINUTES, UNTIL_RESUMED } from "../rules/availability";
import type { SwitchDish } from "../restaurant/switch-rows";

export type SoldOutMode = "today" | "manual" | "off";
export type PauseMode = (typeof PAUSE_MINUTES)[number] | "manual" | "resume";
export type { SwitchDish };

interface Tenant {
  id: number;
  domain: string;
}

/** Dishes of the branch matching `query` (either language), sold-out ones first; at most 20. */
export function findDishes(env: Env, tenant: Tenant, branchId: number, query: string, now = Date.now()): Promise<SwitchDish[]> {
  return restaurantCall(env, tenant, "findDishes", branchId, query, now);
}

/** Marks a dish of the branch; null when it is not one of the branch's (another restaurant's, gone). */
export async function setSoldOut(env: Env, tenant: Tenant, branchId: number, productId: number, mode: SoldOutMode, now = Date.now()) {
  const row = await restaurantCall(env, tenant, "markSoldOut", branchId, productId, mode, now);
  if (!row) return null;
  await bumpTenantVersion(env, tenant.domain);
  return { product_id: row.id, mode, until: row.sold_out_until };
}

/** Pauses (or resumes) new orders at a branch; null when it is not the restaurant's. */
export async function setPause(env: Env, tenant: Tenant, branchId: number, mode: PauseMode, now = Date.now()) {
  const until = mode === "resume" ? null : mode === "manual" ? UNTIL_RESUMED : now + mode * 60_000;
  if (!(await restaurantCall(env, tenant, "pauseBranch", branchId, until))) return null;
  await bumpTenantVersion(env, tenant.domain);
  return { branch_id: branchId, paused_until: until };
}
