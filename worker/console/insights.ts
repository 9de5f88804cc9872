// What diners look at, per branch (/console/insights): the most viewed dishes and menus, views by hour
// of day, orders per day and the period's revenue, orders and average ticket over the last 7 or 30
// local days, from the hourly visit buckets (migration 0014) and the orders table, and diners' ratings. Every query is scoped by the restaurant id and the branch.
import { HOUR_MS, unixHour } from "../edge/visit-hours";
import { branchZone, localHour, localInstant, sqlTime } from "../rules/local-time";
import { paidOrder } from "../restaurant/orders";
import { branchRatings, type BranchRatings } from "../restaurant/ratings";
import { catalogueStore, restaurantOrders, type CatalogueStore } from "../restaurant/stub";
import { ORDER_STATUS } from "../rules/status-table";

export const WINDOWS = [7, 30] as const;
export type Window = (typeof WINDOWS)[number];
const TOP = 10;

export interface InsightsBranch {
  id: number;
  name_en: string;
  name_ar: string;
  time_zone: string;
}
interface Ranked {
  id: number;
  name_en: string;
  name_ar: string;
  visits: number;
}
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
export async function insightsBranches(db: CatalogueStore, restaurantId: number): Promise<InsightsBranch[]> {
  const { results } = await db
    .prepare("SELECT id, name_en, name_ar, time_zone FROM branches WHERE restaurant_id = ? ORDER BY sort_num, id")
    .bind(restaurantId)
    .all<InsightsBranch>();
  return results;
}

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
  const db = catalogueStore(env, { id: restaurantId });
  const orderRows = restaurantOrders(env, { id: restaurantId });
  const [branch, restaurant] = await Promise.all([
    db.prepare("SELECT time_zone FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, restaurantId).first<{ time_zone: string }>(),
    env.DB.prepare("SELECT currency FROM restaurants WHERE id = ?").bind(restaurantId).first<{ currency: string }>(),
  ]);
  if (!branch || !restaurant) return null;
  const { keys, start, local } = windowOf(days, branch.time_zone, now);
  // A bucket is an hour from its start; in a zone off the hour by 30 minutes the first one starts before midnight.
  const fromHour = unixHour(start);
  const toHour = unixHour(now);
  const top = (kind: "m" | "p", join: string) =>
    db
      .prepare(
        `SELECT x.id, x.name_en, x.name_ar, sum(v.visits) AS visits FROM visit_hours v ${join}
       WHERE v.branch_id = ? AND v.kind = '${kind}' AND v.hour BETWEEN ? AND ? AND b.restaurant_id = ?
       GROUP BY x.id ORDER BY visits DESC, x.id LIMIT ${TOP}`,
      )
      .bind(branchId, fromHour, toHour, restaurantId);
  // Visits from the catalogue's store, orders from the restaurant's object, at once.
  const [[dishes, menus, hours], [orders], ratings] = await Promise.all([
    db.batch([
      top(
        "p",
        "JOIN products x ON x.id = v.item_id JOIN categories c ON c.id = x.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id",
      ),
      top("m", "JOIN menus x ON x.id = v.item_id JOIN branches b ON b.id = x.branch_id"),
      db
        .prepare("SELECT hour, visits FROM visit_hours WHERE branch_id = ? AND kind = 'b' AND item_id = ? AND hour BETWEEN ? AND ?")
        .bind(branchId, branchId, fromHour, toHour),
    ]),
    orderRows.batch([
      // Grouped by UTC hour here (≤ 24 × days rows), by local day below.
      orderRows
        .prepare(
          `SELECT CAST(strftime('%s', created_at) AS INTEGER) / 3600 AS hour, count(*) AS orders, sum(paid) AS paid_orders,
              sum(CASE WHEN paid = 1 THEN total_minor - tip_minor ELSE 0 END) AS revenue FROM orders
       WHERE restaurant_id = ? AND branch_id = ? AND created_at >= ? AND created_at <= ? AND status != ${ORDER_STATUS.canceled} AND ${paidOrder()} GROUP BY 1`,
        )
        .bind(restaurantId, branchId, sqlTime(start), sqlTime(now)),
    ]),
    branchRatings(orderRows, restaurantId, branchId, start, now),
  ]);
  const byHour = Array<number>(24).fill(0);
  for (const row of hours!.results as { hour: number; visits: number }[]) byHour[local(row.hour * HOUR_MS).hour]! += row.visits;
  const byDay = new Map(keys.map((key) => [key, 0]));
  const sales = { orders: 0, revenue: 0 };
  for (const row of orders!.results as { hour: number; orders: number; paid_orders: number; revenue: number }[]) {
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
    dishes: dishes!.results as unknown as Ranked[],
    menus: menus!.results as unknown as Ranked[],
    sales: { ...sales, averageTicket: sales.orders ? Math.round(sales.revenue / sales.orders) : 0, currency: restaurant.currency },
    ratings,
  };
}
