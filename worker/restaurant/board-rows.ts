// The console's board reads on the object's orders: today's orders with their items, options, notes,
// documents and refunds; one order the board may act on. Every statement is scoped by the restaurant
// (and by a staff member's branches). The console (worker/console/orders.ts) calls them by name.
import { receiptColumn } from "./invoices";
import { paidOrder } from "./orders";
import { REFUND_STALL_MS, refundSummary, type RefundStatus } from "./refund-rows";
import { scopeClause, type BranchScope } from "./branch-rows";
import type { SqlStore } from "./sql-bridge";
import { sqlTime, startOfLocalDay } from "../rules/local-time";
import { majorUnits } from "../rules/money";

/** The most orders a board lists (the newest). */
const BOARD_ORDERS = 200;

interface ConsoleOrderItem {
  name_en: string;
  name_ar: string;
  amount: number;
  note: string | null;
  /** The line's amount (its unit with its options, times how many), major units: the refund dialog sums ticked lines. */
  price: number;
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
  /** What may still be refunded of a card-paid order (its total less its refunds), major units; 0 for any other. */
  refundable: number;
  /** A card order's refunds as one (summed amount in major units, like `price`); `retry`: one failed, or stalled while pending. */
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
export const ordersToday = (db: SqlStore, restaurantId: number, scope: BranchScope, timeZone: string, now: number) =>
  boardOrders(db, restaurantId, scope, timeZone, now, null);

/** ordersToday's rows; `orderId`: only that order's, when it is on the board (the board's live feed, ./board-feed.ts). */
export async function boardOrders(
  db: SqlStore,
  restaurantId: number,
  scope: BranchScope,
  timeZone: string,
  now: number,
  orderId: number | null,
): Promise<ConsoleOrder[]> {
  const only = scopeClause(scope, "o.branch_id");
  const one = orderId === null ? { sql: "", args: [] } : { sql: " AND o.id = ?", args: [orderId] };
  const { results } = await db
    .prepare(
      `SELECT o.id, o.branch_id, o.num_order, o.table_id, o.pickup_at, o.status, o.total_minor, o.tip_minor, o.currency, o.paid, o.payment, o.name, o.note, o.created_at,
            (SELECT number FROM invoices n WHERE n.order_id = o.id AND n.kind = 'invoice') AS invoice,
            (SELECT number FROM invoices n WHERE n.order_id = o.id AND n.kind = 'credit') AS credit_note, ${receiptColumn("o.id")} AS receipt,
            ${Object.entries(refundSummary("o.id"))
              .map(([column, sql]) => `${sql} AS refund_${column}`)
              .join(", ")},
            (SELECT json_group_array(json_object('name_en', i.name_en, 'name_ar', i.name_ar, 'amount', i.amount, 'note', i.note, 'line_minor', i.unit_minor * i.amount,
               'options', json((SELECT json_group_array(json_object('name_en', p.name_en, 'name_ar', p.name_ar, 'sub_name_en', p.sub_name_en, 'sub_name_ar', p.sub_name_ar))
                           FROM order_item_options p WHERE p.order_item_id = i.id))))
             FROM order_items i WHERE i.order_id = o.id) AS items
     FROM orders o
     -- An unfinished refund stays on the board after its day, until it is done.
     WHERE o.restaurant_id = ? AND (o.created_at >= ? OR EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = o.id AND f.status IN ('pending', 'failed'))) AND ${paidOrder("o.")}${only.sql}${one.sql} ORDER BY o.id DESC LIMIT ${BOARD_ORDERS}`,
    )
    .bind(restaurantId, sqlTime(startOfLocalDay(now, timeZone)), ...only.args, ...one.args)
    .all<
      Omit<ConsoleOrder, "items" | "refund" | "refundable" | "price" | "tip"> &
        RefundColumns & { items: string; total_minor: number; tip_minor: number; currency: string }
    >();
  return results.map(
    ({ refund_status, refund_amount, refund_currency, refund_provider, refund_error, refund_claimed_at, total_minor, tip_minor, currency, ...o }) => ({
      ...o,
      price: majorUnits(total_minor, currency),
      tip: majorUnits(tip_minor, currency),
      items: (JSON.parse(o.items) as (Omit<ConsoleOrderItem, "price"> & { line_minor: number })[]).map(({ line_minor, ...item }) => ({
        ...item,
        price: majorUnits(line_minor, currency),
      })),
      refund: boardRefund({ refund_status, refund_amount, refund_currency, refund_provider, refund_error, refund_claimed_at }, now),
      refundable: o.payment === "online" && o.paid === 1 ? majorUnits(total_minor - (refund_amount ?? 0), currency) : 0,
    }),
  );
}

/** An order the board may act on (placed by code, or paid): its branch and status, or null. */
export const boardOrder = (db: SqlStore, restaurantId: number, orderId: number) =>
  db
    .prepare(`SELECT branch_id, status FROM orders WHERE id = ? AND restaurant_id = ? AND ${paidOrder()}`)
    .bind(orderId, restaurantId)
    .first<{ branch_id: number; status: number }>();

/** Whether the restaurant has taken an order (any status): its currency stays once it has. */
export async function hasOrders(db: SqlStore, _restaurantId: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM orders LIMIT 1").first()) !== null;
}
