// When the restaurant's members last changed (one removed, a role or branches changed, someone left or
// signed out everywhere, the currency swapped): the console's copies of a session's memberships
// (worker/console/member-cache.ts) made before then are not trusted, so a change takes effect at once on
// every board without a D1 read per tap (docs/decisions/0088). Operations the console calls by name.
import type { SqlStore } from "./sql-bridge";

/** The last change's time (ms), 0 when none was ever marked. */
export async function membersChangedAt(db: SqlStore, _restaurantId: number): Promise<number> {
  const row = await db.prepare("SELECT changed_at FROM member_changes WHERE id = 1").first<{ changed_at: number }>();
  return row?.changed_at ?? 0;
}

/** Marks a change at `now` (never moving the mark back). */
export async function markMembersChanged(db: SqlStore, _restaurantId: number, now: number): Promise<void> {
  await db
    .prepare("INSERT INTO member_changes (id, changed_at) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET changed_at = max(changed_at, ?1)")
    .bind(now)
    .run();
}
