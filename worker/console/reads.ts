// The console's read-only screens (orders, menu, branches, first steps) over the embedded API's D1
// and, for orders, the restaurant's own object (worker/restaurant).
// Every query is scoped by the member's restaurant id, and by their branch ids when they are staff.
import { receiptColumn } from "../restaurant/invoices";
import type { CatalogueStore, RestaurantStores } from "../restaurant/stub";
import { branchZone, sqlTime, startOfLocalDay } from "../rules/local-time";
import { REFUND_STALL_MS, type RefundStatus } from "../restaurant/refund";
import { majorUnits } from "../rules/money";
import { paidOrder } from "../restaurant/orders";
import type { OrdersDb } from "../restaurant/sql-bridge";

/** `null`: every branch of the restaurant (managers, owners); a list: only these (staff). */
export type BranchScope = readonly number[] | null;

const scopeClause = (scope: BranchScope, column: string) =>
  scope === null ? { sql: "", args: [] as number[] } : { sql: ` AND ${column} IN (SELECT value FROM json_each(?))`, args: [JSON.stringify(scope)] };

/** What the screens need of the restaurant itself: money's currency, phones' country, the diner's address, its Stripe account. */
export const restaurantOf = (db: D1Database, restaurantId: number) =>
  db
    .prepare("SELECT id, domain, currency, country, stripe_account_id FROM restaurants WHERE id = ?")
    .bind(restaurantId)
    .first<{ id: number; domain: string; currency: string; country: string; stripe_account_id: string | null }>();

/** The restaurant's state in the directory (migrations/0024: 0 inactive, 1 live, 2 draft). */
export const restaurantState = (db: D1Database, restaurantId: number) =>
  db.prepare("SELECT is_active FROM restaurants WHERE id = ?").bind(restaurantId).first<{ is_active: number }>();

export interface ConsoleBranch {
  id: number;
  name_en: string;
  name_ar: string;
  active_order: number;
  payment_mode: "otp" | "online" | "both";
  /** Its days and "sold out for today" (migrations/0013), and its pause on new orders (unix ms). */
  time_zone: string;
  paused_until: number | null;
  /** Its number of tables (null: not set; worker/rules/table-number.ts), the codes screen's default range. */
  tables: number | null;
}

/** The restaurant's branches (only the scope's), in the diner's order. */
export async function branchesOf(db: CatalogueStore, restaurantId: number, scope: BranchScope = null): Promise<ConsoleBranch[]> {
  const only = scopeClause(scope, "id");
  const { results } = await db
    .prepare(
      `SELECT id, name_en, name_ar, active_order, payment_mode, time_zone, paused_until, tables FROM branches WHERE restaurant_id = ?${only.sql} ORDER BY sort_num, id`,
    )
    .bind(restaurantId, ...only.args)
    .all<ConsoleBranch>();
  return results;
}

/** The restaurant's calendar: its first branch's zone (a month's invoices, a webhook's log are read in it). */
export async function restaurantZone(catalogue: CatalogueStore, restaurantId: number): Promise<string> {
  return branchZone((await branchesOf(catalogue, restaurantId))[0]?.time_zone);
}

interface ConsoleOrderItem {
  name_en: string;
  name_ar: string;
  amount: number;
  note: string | null;
  /** The chosen options, as ordered (option name and choice). */
  options: { name_en: string; name_ar: string; sub_name_en: string; sub_name_ar: string }[];
}

export interface ConsoleOrder {
  id: number;
  branch_id: number;
  num_order: number;
  table_id: number;
  /** A pickup order's time (unix ms), null otherwise. */
  pickup_at: number | null;
  status: number;
  /** The order's total and its tip, in major units of the order's currency. */
  price: number;
  tip: number;
  paid: number;
  payment: string;
  /** Its tax invoice's and credit note's numbers (worker/restaurant/invoices.ts), null while none. */
  invoice: number | null;
  credit_note: number | null;
  /** 1 when the sale's document is a receipt (no VAT shown), else 0 or null. */
  receipt: number | null;
  /** The diner's name as given at checkout. */
  name: string;
  note: string | null;
  /** D1's CURRENT_TIMESTAMP text (UTC), as stored. */
  created_at: string;
  items: ConsoleOrderItem[];
  /** A cancelled card order's refund (amount in major units, like `price`); `retry`: failed, or stalled while pending. */
  refund: { status: RefundStatus; amount: number; demo: boolean; retry: boolean; error: string | null } | null;
}

interface RefundColumns {
  refund_status: RefundStatus | null;
  refund_amount: number | null;
  refund_currency: string | null;
  refund_provider: string | null;
  refund_error: string | null;
  refund_claimed_at: number | null;
}

function boardRefund(row: RefundColumns, now: number): ConsoleOrder["refund"] {
  if (row.refund_status === null || row.refund_amount === null || row.refund_currency === null) return null;
  const stalled = row.refund_status === "pending" && row.refund_claimed_at !== null && row.refund_claimed_at < now - REFUND_STALL_MS;
  return {
    status: row.refund_status,
    amount: majorUnits(row.refund_amount, row.refund_currency),
    demo: row.refund_provider === "demo",
    retry: row.refund_status === "failed" || stalled,
    error: row.refund_error,
  };
}

/**
 * Today's orders of the restaurant (the scope's branches), newest first, with their items, options and
 * notes. An online order shows only once paid: until then it may be anyone's abandoned attempt.
 */
export async function ordersToday(db: OrdersDb, restaurantId: number, scope: BranchScope, timeZone: string, now = Date.now()): Promise<ConsoleOrder[]> {
  const only = scopeClause(scope, "o.branch_id");
  const { results } = await db
    .prepare(
      `SELECT o.id, o.branch_id, o.num_order, o.table_id, o.pickup_at, o.status, o.total_minor, o.tip_minor, o.currency, o.paid, o.payment, o.name, o.note, o.created_at,
            (SELECT number FROM invoices n WHERE n.order_id = o.id AND n.kind = 'invoice') AS invoice,
            (SELECT number FROM invoices n WHERE n.order_id = o.id AND n.kind = 'credit') AS credit_note, ${receiptColumn("o.id")} AS receipt,
            f.status AS refund_status, f.amount AS refund_amount, f.currency AS refund_currency, f.provider AS refund_provider,
            f.last_error AS refund_error, f.claimed_at AS refund_claimed_at,
            (SELECT json_group_array(json_object('name_en', i.name_en, 'name_ar', i.name_ar, 'amount', i.amount, 'note', i.note,
               'options', json((SELECT json_group_array(json_object('name_en', p.name_en, 'name_ar', p.name_ar, 'sub_name_en', p.sub_name_en, 'sub_name_ar', p.sub_name_ar))
                           FROM order_item_options p WHERE p.order_item_id = i.id))))
             FROM order_items i WHERE i.order_id = o.id) AS items
     FROM orders o LEFT JOIN refunds f ON f.order_id = o.id
     -- An unfinished refund stays on the board after its day, until it is done.
     WHERE o.restaurant_id = ? AND (o.created_at >= ? OR f.status IN ('pending', 'failed')) AND ${paidOrder("o.")}${only.sql} ORDER BY o.id DESC LIMIT 200`,
    )
    .bind(restaurantId, sqlTime(startOfLocalDay(now, timeZone)), ...only.args)
    .all<
      Omit<ConsoleOrder, "items" | "refund" | "price" | "tip"> & RefundColumns & { items: string; total_minor: number; tip_minor: number; currency: string }
    >();
  return results.map(
    ({ refund_status, refund_amount, refund_currency, refund_provider, refund_error, refund_claimed_at, total_minor, tip_minor, currency, ...o }) => ({
      ...o,
      price: majorUnits(total_minor, currency),
      tip: majorUnits(tip_minor, currency),
      items: JSON.parse(o.items) as ConsoleOrder["items"],
      refund: boardRefund({ refund_status, refund_amount, refund_currency, refund_provider, refund_error, refund_claimed_at }, now),
    }),
  );
}

/** An order the board may act on (placed by code, or paid): its branch and status, or null. */
export const boardOrder = (db: OrdersDb, restaurantId: number, orderId: number) =>
  db
    .prepare(`SELECT branch_id, status FROM orders WHERE id = ? AND restaurant_id = ? AND ${paidOrder()}`)
    .bind(orderId, restaurantId)
    .first<{ branch_id: number; status: number }>();

export interface FirstSteps {
  dishes: number;
  /** Dishes whose allergens were never declared (migrations/0018). */
  undeclared: number;
  colours: boolean;
  /** The first branch, for the links to the diner's pages. */
  firstBranchId: number | null;
}

/** The signals of the "first steps" checklist, from the catalogue (the colours are its brand row). */
export async function firstSteps(db: CatalogueStore, restaurantId: number): Promise<FirstSteps> {
  const row = await db
    .prepare(
      `SELECT
         (SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
            JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1) AS dishes,
         (SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
            JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1 AND p.allergens_declared = 0) AS undeclared,
         (SELECT id FROM branches WHERE restaurant_id = ?1 ORDER BY sort_num, id LIMIT 1) AS firstBranchId,
         coalesce((SELECT style_primary IS NOT NULL AND style_primary != '' FROM brand WHERE restaurant_id = ?1), 0) AS colours`,
    )
    .bind(restaurantId)
    .first<Omit<FirstSteps, "colours"> & { colours: number }>();
  if (!row) return { dishes: 0, undeclared: 0, colours: false, firstBranchId: null };
  return { ...row, colours: row.colours === 1 };
}

export interface OrderSteps {
  /** An order came in through a table's code (table 1 is also what an order without a table gets). */
  tableOrders: number;
  orders: number;
}

/** The checklist's order signals, from the restaurant's object (its orders live there, not in D1). */
export async function orderSteps(orders: OrdersDb, restaurantId: number): Promise<OrderSteps> {
  const row = await orders
    .prepare("SELECT coalesce(sum(table_id > 1), 0) AS tableOrders, count(*) AS orders FROM orders WHERE restaurant_id = ?")
    .bind(restaurantId)
    .first<OrderSteps>();
  return row ?? { tableOrders: 0, orders: 0 };
}
