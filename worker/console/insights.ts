// What diners look at, per branch (/console/insights): the most viewed dishes and menus, views by hour
// of day, orders per day and the period's revenue, orders and average ticket over the last 7 or 30
// local days, from the hourly visit buckets (migration 0014) and the orders table, and diners' ratings, all read in the
// restaurant's object (../restaurant/insight-rows.ts), scoped by the restaurant id and the branch.
import { HOUR_MS, unixHour } from "../rules/visit-hours";
import { branchZone, localHour, localInstant } from "../rules/local-time";
import type { BranchRatings } from "../restaurant/ratings";
import type { InsightsBranch, Ranked } from "../restaurant/insight-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { restaurantCurrency } from "../directory/restaurant-rows";

export const WINDOWS = [7, 30] as const;
export type Window = (typeof WINDOWS)[number];

export type { InsightsBranch };

export interface Insights {
  days: Window;
  timeZone: string;
  /** Branch views (a diner's first view of the branch in an hour) by local hour of day, 0–23. */
  hours: number[];
  /** Orders per local day (cancelled ones left out), oldest first ("2025-06-01"), every day of the window. */
  orders: { day: string; orders: number }[];
  dishes: Ranked[];
  menus: Ranked[];
  /**
   * The period's paid orders (card payment settled or marked paid at the counter; cancelled ones left out):
   * revenue without tips, which is the month's invoices less its credit notes (docs/decisions/0060), and
   * the average ticket, in minor units.
   */
  sales: { orders: number; revenue: number; averageTicket: number; currency: string };
  /** Diners' ratings given in the period (worker/restaurant/ratings.ts). */
  ratings: BranchRatings;
}

/** The restaurant's branches with their time zones (the screen's picker; managers and owners see all). */
export const insightsBranches = (env: Env, tenant: RestaurantRef): Promise<InsightsBranch[]> => restaurantCall(env, tenant, "insightsBranches");

const dayKey = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/**
 * The window's local days (oldest first) and the moment its first day began: local midnight of
 * today − (days − 1) (localInstant settles the zone's offset at that moment, daylight saving included).
 */
function windowOf(days: Window, timeZone: string, now = Date.now()) {
  // The calendar of worker/rules/local-time.ts, in the branch's zone (an unknown zone reads as the default).
  const zone = branchZone(timeZone);
  const local = (ms: number) => localHour(ms, zone);
  const today = local(now);
  const keys = Array.from({ length: days }, (_, i) => dayKey(today.year, today.month, today.day - (days - 1 - i)));
  return { keys, start: localInstant(today.year, today.month, today.day - (days - 1), 0, zone), local };
}

/** The branch's insights over the last `days` local days; null when the branch is not the restaurant's. */
export async function insightsOf(env: Env, restaurantId: number, branchId: number, days: Window, now = Date.now()): Promise<Insights | null> {
  const tenant = { id: restaurantId };
  const [branch, currency] = await Promise.all([restaurantCall(env, tenant, "boardBranch", branchId), restaurantCurrency(env.DB, restaurantId)]);
  if (!branch || !currency) return null;
  const { keys, start, local } = windowOf(days, branch.time_zone, now);
  // A bucket is an hour from its start; in a zone off the hour by 30 minutes the first one starts before midnight.
  // Visits, orders and ratings from the restaurant's object, in one call.
  const { dishes, menus, hours, orders, ratings } = await restaurantCall(env, tenant, "branchInsightRows", branchId, {
    fromHour: unixHour(start),
    toHour: unixHour(now),
    start,
    now,
  });
  const byHour = Array<number>(24).fill(0);
  for (const row of hours) byHour[local(row.hour * HOUR_MS).hour]! += row.visits;
  const byDay = new Map(keys.map((key) => [key, 0]));
  const sales = { orders: 0, revenue: 0 };
  for (const row of orders) {
    const p = local(row.hour * HOUR_MS);
    const key = dayKey(p.year, p.month, p.day);
    if (!byDay.has(key)) continue;
    byDay.set(key, byDay.get(key)! + row.orders);
    // Revenue is what was paid (card settled, or marked paid at the counter): the invoices' taxable totals.
    sales.orders += row.paid_orders;
    sales.revenue += row.revenue;
  }
  return {
    days,
    timeZone: branch.time_zone,
    hours: byHour,
    orders: [...byDay].map(([day, count]) => ({ day, orders: count })),
    dishes,
    menus,
    sales: { ...sales, averageTicket: sales.orders ? Math.round(sales.revenue / sales.orders) : 0, currency },
    ratings,
  };
}
