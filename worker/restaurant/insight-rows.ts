// What the console's insights (worker/console/insights.ts) read of a branch on the object's rows: its
// most viewed dishes and menus and its views by hour from the hourly visit buckets (migration 0014),
// its orders by UTC hour, and its ratings, in one call. Every statement is scoped by the restaurant and branch.
import { paidOrder } from "./orders";
import { branchRatings, type BranchRatings } from "./ratings";
import type { OrdersDb, SqlStore } from "./sql-bridge";
import { sqlTime } from "../rules/local-time";
import { ORDER_STATUS } from "../rules/status-table";

const TOP = 10;

export interface InsightsBranch {
  id: number;
  name_en: string;
  name_ar: string;
  time_zone: string;
}

export interface Ranked {
  id: number;
  name_en: string;
  name_ar: string;
  visits: number;
}

export interface BranchInsightRows {
  dishes: Ranked[];
  menus: Ranked[];
  /** Branch views per UTC hour (unix hours). */
  hours: { hour: number; visits: number }[];
  /** Orders per UTC hour (unix hours), cancelled ones left out: all, paid, and the paid ones' revenue without tips. */
  orders: { hour: number; orders: number; paid_orders: number; revenue: number }[];
  ratings: BranchRatings;
}

/** The restaurant's branches with their time zones (the screen's picker; managers and owners see all). */
export async function insightsBranches(db: SqlStore, restaurantId: number): Promise<InsightsBranch[]> {
  const { results } = await db
    .prepare("SELECT id, name_en, name_ar, time_zone FROM branches WHERE restaurant_id = ? ORDER BY sort_num, id")
    .bind(restaurantId)
    .all<InsightsBranch>();
  return results;
}

/** The branch's visits from hour `fromHour` to `toHour` and its orders and ratings from `start` to `now` (unix ms). */
export async function branchInsightRows(
  db: SqlStore,
  restaurantId: number,
  branchId: number,
  window: { fromHour: number; toHour: number; start: number; now: number },
): Promise<BranchInsightRows> {
  const { fromHour, toHour, start, now } = window;
  const top = (kind: "m" | "p", join: string) =>
    db
      .prepare(
        `SELECT x.id, x.name_en, x.name_ar, sum(v.visits) AS visits FROM visit_hours v ${join}
       WHERE v.branch_id = ? AND v.kind = '${kind}' AND v.hour BETWEEN ? AND ? AND b.restaurant_id = ?
       GROUP BY x.id ORDER BY visits DESC, x.id LIMIT ${TOP}`,
      )
      .bind(branchId, fromHour, toHour, restaurantId);
  const [dishes, menus, hours, orders] = await db.batch([
    top(
      "p",
      "JOIN products x ON x.id = v.item_id JOIN categories c ON c.id = x.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id",
    ),
    top("m", "JOIN menus x ON x.id = v.item_id JOIN branches b ON b.id = x.branch_id"),
    db
      .prepare("SELECT hour, visits FROM visit_hours WHERE branch_id = ? AND kind = 'b' AND item_id = ? AND hour BETWEEN ? AND ?")
      .bind(branchId, branchId, fromHour, toHour),
    // Grouped by UTC hour here (≤ 24 × days rows), by local day by the caller.
    db
      .prepare(
        `SELECT CAST(strftime('%s', created_at) AS INTEGER) / 3600 AS hour, count(*) AS orders, sum(paid) AS paid_orders,
              sum(CASE WHEN paid = 1 THEN total_minor - tip_minor ELSE 0 END) AS revenue FROM orders
       WHERE restaurant_id = ? AND branch_id = ? AND created_at >= ? AND created_at <= ? AND status != ${ORDER_STATUS.canceled} AND ${paidOrder()} GROUP BY 1`,
      )
      .bind(restaurantId, branchId, sqlTime(start), sqlTime(now)),
  ]);
  // The object hands its operations its own store, which is the orders' store (local-store.ts).
  const ratings = await branchRatings(db as OrdersDb, restaurantId, branchId, start, now);
  return {
    dishes: dishes!.results as Ranked[],
    menus: menus!.results as Ranked[],
    hours: hours!.results as BranchInsightRows["hours"],
    orders: orders!.results as BranchInsightRows["orders"],
    ratings,
  };
}
