// The one rule of a signed-up restaurant's life (the terms' "Subscriptions" and "Free trial"): it is a
// draft (is_active = 2, ./drafts.ts) until its subscription first starts (trialing, active or past
// due); then live while trialing, active, or past due for less than BILLING_GRACE_DAYS; canceled, or
// past due for longer, it is inactive (restaurants.is_active = 0, so
// the catalogue's SELECT_RESTAURANT and diners' pages treat it as the spec's inactive restaurant).
// Restaurants without a subscription (the demo ones, ones made by SQL) are never touched. Every change
// bumps the tenant's cache version, so no cached page outlives it.
import { bumpTenantVersion } from "./versions";
import { DRAFT } from "./drafts";
import { DAY_MS, graceDays } from "../rules/billing-days";

/** True for a subscription `s` that leaves its restaurant inactive; `?1` is the grace period's cut-off. */
const LAPSED = "(s.status = 'canceled' OR (s.status = 'past_due' AND s.past_due_since <= ?1))";

const cutoff = (env: Env, now: number) => now - graceDays(env) * DAY_MS;

async function purge(env: Env, domains: { domain: string }[]) {
  await Promise.all(domains.map(({ domain }) => bumpTenantVersion(env, domain)));
}

/** Brings one restaurant's is_active in line with its subscription (after a billing event). */
export async function syncActive(env: Env, restaurantId: number, now = Date.now()): Promise<void> {
  const lapsed = `EXISTS (SELECT 1 FROM subscriptions s WHERE s.restaurant_id = restaurants.id AND ${LAPSED})`;
  // A draft stays one until its trial has really started: an incomplete or canceled checkout starts nothing.
  const started = "EXISTS (SELECT 1 FROM subscriptions s WHERE s.restaurant_id = restaurants.id AND s.status IN ('trialing', 'active', 'past_due'))";
  const next = `CASE WHEN is_active = ${DRAFT} AND NOT ${started} THEN ${DRAFT} WHEN ${lapsed} THEN 0 ELSE 1 END`;
  const { results } = await env.DB.prepare(
    `UPDATE restaurants SET is_active = ${next}, updated_at = CURRENT_TIMESTAMP
     WHERE id = ?2 AND EXISTS (SELECT 1 FROM subscriptions WHERE restaurant_id = restaurants.id)
       AND is_active != ${next}
     RETURNING domain`,
  )
    .bind(cutoff(env, now), restaurantId)
    .all<{ domain: string }>();
  await purge(env, results);
}

/**
 * The scheduled check (worker/index.ts `scheduled`): restaurants whose grace period ran out since the
 * last run become inactive. Returns their domains.
 */
export async function enforceGrace(env: Env, now = Date.now()): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `UPDATE restaurants SET is_active = 0, updated_at = CURRENT_TIMESTAMP
     WHERE is_active = 1 AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.restaurant_id = restaurants.id AND ${LAPSED})
     RETURNING domain`,
  )
    .bind(cutoff(env, now))
    .all<{ domain: string }>();
  await purge(env, results);
  return results.map((r) => r.domain);
}
