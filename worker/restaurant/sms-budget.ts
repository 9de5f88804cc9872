// A restaurant's daily budget of diner codes by SMS: what bounds its texts when a pumper spreads sends
// over many phones and networks. Each day's count is claimed by one conditional write, in the
// restaurant's zone (its first branch's), so a burst never passes the budget.
import type { SqlStore } from "./sql-bridge";
import { branchZone, localDay, nextLocalMidnight } from "../rules/local-time";

async function zoneOf(db: SqlStore, restaurantId: number): Promise<string> {
  const row = await db.prepare("SELECT time_zone FROM branches WHERE restaurant_id = ? ORDER BY id LIMIT 1").bind(restaurantId).first<{ time_zone: string }>();
  return branchZone(row?.time_zone);
}

const dayKey = (now: number, zone: string) => {
  const { year, month, day } = localDay(now, zone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};

export type BudgetClaim = { ok: true; day: string } | { ok: false; retryAfter: number };

// ?1 restaurant, ?2 day, ?3 its budget (the directory's row). The first send of a day inserts the row
// (if the budget allows any); later ones add one while the count is under the budget. No row comes
// back when the budget is spent.
const CLAIM = `INSERT INTO sms_budget_days (restaurant_id, day, used) SELECT ?1, ?2, 1 WHERE ?3 > 0
  ON CONFLICT (restaurant_id, day) DO UPDATE SET used = used + 1 WHERE used < ?3
  RETURNING used`;

/**
 * Claims one text of today's budget (`budget`: the directory's restaurants.sms_daily_budget), or says how
 * long until the restaurant's next local midnight.
 */
export async function claimSmsBudget(db: SqlStore, restaurantId: number, budget: number, now = Date.now()): Promise<BudgetClaim> {
  const zone = await zoneOf(db, restaurantId);
  const day = dayKey(now, zone);
  const [claimed] = await db.batch<{ used: number }>([
    db.prepare(CLAIM).bind(restaurantId, day, budget),
    // Days before yesterday are no use: each claim clears a bounded few.
    db
      .prepare("DELETE FROM sms_budget_days WHERE rowid IN (SELECT rowid FROM sms_budget_days WHERE restaurant_id = ? AND day < ? LIMIT 5)")
      .bind(restaurantId, dayKey(now - 2 * 86_400_000, zone)),
  ]);
  if (claimed!.results[0]) return { ok: true, day };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((nextLocalMidnight(now, zone) - now) / 1000)) };
}

/** Gives a text back: the provider failed, nothing was sent. */
export async function releaseSmsBudget(db: SqlStore, restaurantId: number, day: string): Promise<void> {
  await db.prepare("UPDATE sms_budget_days SET used = used - 1 WHERE restaurant_id = ? AND day = ? AND used > 0").bind(restaurantId, day).run();
}

/** The texts used today, on the restaurant's clock (the console sets them against its budget). */
export async function smsUsedToday(db: SqlStore, restaurantId: number, now = Date.now()): Promise<number> {
  const day = dayKey(now, await zoneOf(db, restaurantId));
  const today = await db.prepare("SELECT used FROM sms_budget_days WHERE restaurant_id = ? AND day = ?").bind(restaurantId, day).first<{ used: number }>();
  return today?.used ?? 0;
}
