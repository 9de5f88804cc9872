// The board's switches and the visit buckets on the restaurant object's own alarm (docs/decisions/0045):
// a dish sold out "for today" and a paused branch come back by themselves at their moment (reads already
// treat a past moment as off; clearing them lets the edge's cached menus follow), and hourly visit
// buckets past their retention go. No cron scans every restaurant for this.
import { UNTIL_RESUMED } from "../rules/availability";
import { KEEP_HOURS, unixHour } from "../rules/visit-hours";

/** The next moment a switch of this restaurant ends (a manual pause never does), or null. */
export function nextSwitch(sql: SqlStorage): number | null {
  const row = sql
    .exec<{ at: number | null }>(
      `SELECT min(at) AS at FROM (SELECT min(sold_out_until) AS at FROM products WHERE sold_out_until IS NOT NULL
       UNION ALL SELECT min(paused_until) FROM branches WHERE paused_until IS NOT NULL AND paused_until < ?)`,
      UNTIL_RESUMED,
    )
    .one();
  return row.at;
}

/** Clears the switches whose moment has passed; true when one was (the restaurant's caches are then purged). */
export function expireSwitches(sql: SqlStorage, now: number): boolean {
  const dishes = sql.exec("UPDATE products SET sold_out_until = NULL WHERE sold_out_until IS NOT NULL AND sold_out_until <= ? RETURNING id", now).toArray();
  const branches = sql.exec("UPDATE branches SET paused_until = NULL WHERE paused_until IS NOT NULL AND paused_until <= ? RETURNING id", now).toArray();
  return dishes.length + branches.length > 0;
}

/** Buckets kept per run: the alarm comes back a day later while old ones are left. */
const PRUNE_ROWS = 5_000;

/** Deletes visit buckets older than KEEP_HOURS (a bounded number); true when more may be left. */
export function pruneVisitHours(sql: SqlStorage, now: number): boolean {
  const cursor = sql.exec(
    "DELETE FROM visit_hours WHERE rowid IN (SELECT rowid FROM visit_hours WHERE hour < ? LIMIT ?)",
    unixHour(now) - KEEP_HOURS,
    PRUNE_ROWS,
  );
  cursor.toArray();
  return cursor.rowsWritten > 0;
}
