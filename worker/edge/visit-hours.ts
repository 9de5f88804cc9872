// The hourly visit buckets' clock and retention (migration 0014): the tally files each count under the
// unix hour it was counted in, the insights screen reads them back, and the cron drops old ones.

export const HOUR_MS = 3_600_000;
/** The unix hour (hours since 1970, UTC) of a moment in milliseconds. */
export const unixHour = (ms: number) => Math.floor(ms / HOUR_MS);

/** Buckets are kept ~400 days: a year back and a month to compare with. */
export const KEEP_HOURS = 400 * 24;
/** One cron run deletes at most this many rows per statement, and at most ROUNDS statements. */
const PRUNE_BATCH = 5_000;
const PRUNE_ROUNDS = 4;

/** Deletes buckets older than KEEP_HOURS, bounded per run (the cron comes back every 15 minutes). */
export async function pruneVisitHours(db: D1Database, now = Date.now()): Promise<number> {
  const before = unixHour(now) - KEEP_HOURS;
  let deleted = 0;
  for (let round = 0; round < PRUNE_ROUNDS; round++) {
    const { meta } = await db.prepare("DELETE FROM visit_hours WHERE rowid IN (SELECT rowid FROM visit_hours WHERE hour < ? LIMIT ?)").bind(before, PRUNE_BATCH).run();
    deleted += meta.changes;
    if (meta.changes < PRUNE_BATCH) break;
  }
  return deleted;
}
