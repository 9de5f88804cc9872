// The directory's row of a restaurant by its domain (D1 `restaurants`), kept in the colo's cache under
// the restaurant's cache version: every call of the embedded API and every visit flush starts with it,
// and at 10,000 restaurants reading it from D1 each time would be several times what one database
// serves (docs/scale.md). Whatever changes the row bumps the version (tenancy/versions.ts), so the next
// read misses; an unknown domain is remembered for a minute only. A branch's restaurant never changes,
// so which domain holds a branch id (the contract's branch-only calls) is kept a day. docs/decisions/0047.
import { RESTAURANT_COLUMNS, type RestaurantRow } from "./restaurant-row";
import { branchDomain } from "./branch-ids";
import { cacheKeyUrl } from "../rules/cache-key";
import { tenantVersion } from "./versions";

/** A row read is kept this long (a changed row is a new key at once: its version moved). */
const FOUND_SECONDS = 3600;
/** An unknown domain is asked again after this. */
const MISSING_SECONDS = 60;
const KEY_ORIGIN = "https://directory.internal";
/** Which domain holds a branch: kept this long (a branch never moves to another restaurant). */
const BRANCH_SECONDS = 86_400;

// `caches.default` is Workers-only; the DOM lib's CacheStorage type shadows it.
const cache = () => (caches as unknown as { default: Cache }).default;

/** The restaurant with `domain`, whatever its state (the caller decides what it may see), or null. */
export async function restaurantOfDomain(env: Env, domain: string): Promise<RestaurantRow | null> {
  const version = await tenantVersion(env.HOSTS, domain);
  const key = cacheKeyUrl(KEY_ORIGIN, ["restaurant", domain, version]);
  const hit = await cache().match(key);
  if (hit) return (await hit.json()) as RestaurantRow | null;
  const row = await env.DB.prepare(`SELECT ${RESTAURANT_COLUMNS} FROM restaurants WHERE domain = ?`).bind(domain).first<RestaurantRow>();
  const seconds = row ? FOUND_SECONDS : MISSING_SECONDS;
  await cache().put(key, Response.json(row, { headers: { "Cache-Control": `max-age=${seconds}` } }));
  return row;
}

/**
 * Restaurant `ref.id`, whose domain the caller holds (a console member's): the row this place caches for the
 * domain when it is still that restaurant's, else D1's by id. The board's taps and SMS budget read it (0088).
 */
export async function restaurantOfMember(env: Env, ref: { id: number; domain: string }): Promise<RestaurantRow | null> {
  const cached = await restaurantOfDomain(env, ref.domain);
  if (cached?.id === ref.id) return cached;
  return env.DB.prepare(`SELECT ${RESTAURANT_COLUMNS} FROM restaurants WHERE id = ?`).bind(ref.id).first<RestaurantRow>();
}

/** The restaurant holding branch `branchId` (its directory row, as restaurantOfDomain reads it), or null. */
export async function restaurantOfBranch(env: Env, branchId: number): Promise<RestaurantRow | null> {
  const key = cacheKeyUrl(KEY_ORIGIN, ["branch", branchId]);
  const hit = await cache().match(key);
  let domain = hit ? ((await hit.json()) as string | null) : undefined;
  if (domain === undefined) {
    domain = await branchDomain(env.DB, branchId);
    await cache().put(key, Response.json(domain, { headers: { "Cache-Control": `max-age=${domain ? BRANCH_SECONDS : MISSING_SECONDS}` } }));
  }
  return domain ? restaurantOfDomain(env, domain) : null;
}
