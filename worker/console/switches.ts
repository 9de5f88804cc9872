// The board's two switches (issue 16): a dish sold out ("86") for today or until turned back on,
// and a branch's pause on new orders. Each write is scoped by the restaurant and branch in its own
// WHERE (another restaurant's ids match nothing) and purges the tenant, so diners see it within seconds.
// A switch with an end comes back by itself on the restaurant's own alarm (worker/restaurant/switch-clock.ts).
import { catalogueStore, type CatalogueStore } from "../restaurant/stub";
import { bumpTenantVersion } from "../directory/versions";
import { PAUSE_MINUTES, UNTIL_RESUMED } from "../rules/availability";
import { nextLocalMidnight } from "../rules/local-time";

export type SoldOutMode = "today" | "manual" | "off";
export type PauseMode = (typeof PAUSE_MINUTES)[number] | "manual" | "resume";

interface Tenant {
  id: number;
  domain: string;
}

/** The dishes of one branch of the restaurant. */
const BRANCH_DISHES = `category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
  WHERE b.id = ?2 AND b.restaurant_id = ?3)`;

export interface SwitchDish {
  id: number;
  name_en: string;
  name_ar: string;
  unavailable: number;
  sold_out_until: number | null;
}

/** Dishes of the branch matching `query` (either language), sold-out ones first; at most 20. */
export async function findDishes(db: CatalogueStore, tenant: Tenant, branchId: number, query: string, now = Date.now()): Promise<SwitchDish[]> {
  const like = `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { results } = await db
    .prepare(
      `SELECT id, name_en, name_ar, unavailable, sold_out_until FROM products
     WHERE ${BRANCH_DISHES} AND hidden = 0 AND (?1 = '%%' OR name_en LIKE ?1 ESCAPE '\\' OR name_ar LIKE ?1 ESCAPE '\\')
     ORDER BY (unavailable = 1 OR coalesce(sold_out_until, 0) > ?4) DESC, name_en LIMIT 20`,
    )
    .bind(like, branchId, tenant.id, now)
    .all<SwitchDish>();
  return results;
}

/** Marks a dish of the branch; null when it is not one of the branch's (another restaurant's, gone). */
export async function setSoldOut(env: Env, tenant: Tenant, branchId: number, productId: number, mode: SoldOutMode, now = Date.now()) {
  const catalogue = catalogueStore(env, tenant);
  const branch = await catalogue
    .prepare("SELECT time_zone FROM branches WHERE id = ? AND restaurant_id = ?")
    .bind(branchId, tenant.id)
    .first<{ time_zone: string }>();
  if (!branch) return null;
  const until = mode === "today" ? nextLocalMidnight(now, branch.time_zone) : null;
  const row = await catalogue
    .prepare(
      `UPDATE products SET unavailable = ?4, sold_out_until = ?5, updated_at = CURRENT_TIMESTAMP WHERE id = ?1 AND ${BRANCH_DISHES} RETURNING id, sold_out_until`,
    )
    .bind(productId, branchId, tenant.id, mode === "manual" ? 1 : 0, until)
    .first<{ id: number; sold_out_until: number | null }>();
  if (!row) return null;
  await bumpTenantVersion(env.HOSTS, tenant.domain);
  return { product_id: row.id, mode, until: row.sold_out_until };
}

/** Pauses (or resumes) new orders at a branch; null when it is not the restaurant's. */
export async function setPause(env: Env, tenant: Tenant, branchId: number, mode: PauseMode, now = Date.now()) {
  const until = mode === "resume" ? null : mode === "manual" ? UNTIL_RESUMED : now + mode * 60_000;
  const row = await catalogueStore(env, tenant)
    .prepare("UPDATE branches SET paused_until = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ? AND restaurant_id = ? RETURNING id")
    .bind(until, branchId, tenant.id)
    .first<{ id: number }>();
  if (!row) return null;
  await bumpTenantVersion(env.HOSTS, tenant.domain);
  return { branch_id: row.id, paused_until: until };
}
