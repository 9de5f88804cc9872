// A restaurant's daily budget of diner codes by SMS: what bounds its texts when a pumper spreads sends
// over many phones and networks. Each day's count is claimed by one conditional write, in the
// restaurant's zone (its first branch's), so a burst never passes the budget.
import type { CatalogueStore, RestaurantStores } from "./stub";
import { branchZone, localDay, nextLocalMidnight } from "../rules/local-time";

async function zoneOf(db: CatalogueStore, restaurantId: number): Promise<string> {
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

/** The restaurant as the budget needs it: its id and its daily budget (restaurants.sms_daily_budget). */
interface Budgeted {
  id: number;
  sms_daily_budget: number;
}

/** Claims one text of today's budget, or says how long until the restaurant's next local midnight. */
export async function claimSmsBudget(db: CatalogueStore, restaurant: Budgeted, now = Date.now()): Promise<BudgetClaim> {
  const restaurantId = restaurant.id;
  const zone = await zoneOf(db, restaurantId);
  const day = dayKey(now, zone);
  const [claimed] = await db.batch<{ used: number }>([
    db.prepare(CLAIM).bind(restaurantId, day, restaurant.sms_daily_budget),
    // Days before yesterday are no use: each claim clears a bounded few.
    db
      .prepare("DELETE FROM sms_budget_days WHERE rowid IN (SELECT rowid FROM sms_budget_days WHERE restaurant_id = ? AND day < ? LIMIT 5)")
      .bind(restaurantId, dayKey(now - 2 * 86_400_000, zone)),
  ]);
  if (claimed!.results[0]) return { ok: true, day };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((nextLocalMidnight(now, zone) - now) / 1000)) };
}

/** Gives a text back: the provider failed, nothing was sent. */
export async function releaseSmsBudget(db: CatalogueStore, restaurantId: number, day: string): Promise<void> {
  await db.prepare("UPDATE sms_budget_days SET used = used - 1 WHERE restaurant_id = ? AND day = ? AND used > 0").bind(restaurantId, day).run();
}

/** Today's use of the budget, for the console's notice. */
export async function smsBudgetToday(stores: RestaurantStores, restaurantId: number, now = Date.now()) {
  const day = dayKey(now, await zoneOf(stores.catalogue, restaurantId));
  const [restaurant, today] = await Promise.all([
    stores.directory.prepare("SELECT sms_daily_budget AS budget FROM restaurants WHERE id = ?").bind(restaurantId).first<{ budget: number }>(),
    stores.catalogue.prepare("SELECT used FROM sms_budget_days WHERE restaurant_id = ? AND day = ?").bind(restaurantId, day).first<{ used: number }>(),
  ]);
  const budget = restaurant?.budget ?? 0;
  const used = today?.used ?? 0;
  return { budget, used, spent: used >= budget };
}
