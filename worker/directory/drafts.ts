// A signed-up restaurant is a draft (restaurants.is_active = 2) until its trial really starts (the
// billing provider's event, or the DEMO page): its diner pages are its own members' preview, and a
// 404 to anyone else. A person has at most MAX_DRAFTS at once (claimed by sign-up's conditional
// INSERT, ./signup.ts), and drafts that never start are released after DRAFT_DAYS by the cron.
import { unregisterHost } from "./hosts";
import { bumpTenantVersion } from "./versions";
import { DAY_MS } from "../rules/billing-days";

export const DRAFT = 2;
export const MAX_DRAFTS = 3;
const DRAFT_DAYS = 3;
/** A released draft's domain: no slug can be it (slugs have no "~"), so its address is free again. */
const RELEASED = "'released~' || id";

/** The drafts a person owns now, counted inside sign-up's INSERT (`person` is an SQL expression). */
export const draftsOwnedBy = (person: string) =>
  `(SELECT count(*) FROM restaurants r JOIN members m ON m.restaurant_id = r.id WHERE r.is_active = ${DRAFT} AND m.role = 'owner' AND m.person_id = ${person})`;

/** True when `domain` is a draft and the person is one of its (accepted) members: they may preview it. */
export async function mayPreview(db: D1Database, domain: string, personId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS yes FROM restaurants r JOIN members m ON m.restaurant_id = r.id
     WHERE r.domain = ? AND r.is_active = ${DRAFT} AND m.person_id = ? AND m.pending = 0`,
    )
    .bind(domain, personId)
    .first();
  return row !== null;
}

/**
 * The cron's sweep: drafts made more than DRAFT_DAYS ago that never started are released: their
 * address is freed, their members, own-domain claims and subscription row go (a late billing event
 * then matches nothing), the rest stays unreachable. A draft whose trial starts meanwhile is kept
 * (each release is conditional on it still being a draft). Returns the released addresses.
 */
export async function releaseDrafts(env: Env, now = Date.now()): Promise<string[]> {
  const db = env.DB;
  const { results } = await db
    .prepare(
      `SELECT id, domain FROM restaurants WHERE is_active = ${DRAFT} AND created_at < strftime('%Y-%m-%d %H:%M:%S', ? / 1000, 'unixepoch') ORDER BY id LIMIT 50`,
    )
    .bind(now - DRAFT_DAYS * DAY_MS)
    .all<{ id: number; domain: string }>();
  const released: string[] = [];
  for (const draft of results) {
    const hosts = await db.prepare("SELECT host FROM custom_hosts WHERE restaurant_id = ?").bind(draft.id).all<{ host: string }>();
    const gone = `EXISTS (SELECT 1 FROM restaurants WHERE id = ?1 AND domain = ${RELEASED})`;
    const [renamed] = await db.batch([
      db
        .prepare(
          `UPDATE restaurants SET domain = ${RELEASED}, is_active = 0, updated_at = CURRENT_TIMESTAMP WHERE id = ?1 AND is_active = ${DRAFT} RETURNING id`,
        )
        .bind(draft.id),
      db.prepare(`DELETE FROM member_branches WHERE member_id IN (SELECT id FROM members WHERE restaurant_id = ?1) AND ${gone}`).bind(draft.id),
      db.prepare(`DELETE FROM members WHERE restaurant_id = ?1 AND ${gone}`).bind(draft.id),
      db.prepare(`DELETE FROM custom_hosts WHERE restaurant_id = ?1 AND ${gone}`).bind(draft.id),
      db.prepare(`DELETE FROM subscriptions WHERE restaurant_id = ?1 AND ${gone}`).bind(draft.id),
    ]);
    if (!renamed!.results.length) continue;
    // The directory's row moved off the domain: its cached copy goes with the version.
    await bumpTenantVersion(env, draft.domain);
    for (const { host } of hosts.results) await unregisterHost(env.HOSTS, host, draft.domain);
    released.push(draft.domain);
  }
  return released;
}
