// Orders: stored from priced lines (idempotently), listed and shown to the phone that placed them, in
// the restaurant's own object (run there as operations: ./calls-orders.ts).
import { receiptColumn } from "./invoices";
import type { OrdersDb } from "./sql-bridge";
import type { PricedLine, PricedTotals } from "./pricing";
import { dinerRefund, refundSummary, type RefundStatus } from "./refund-rows";
import { randomHex } from "../rules/secrets";
import { majorUnits } from "../rules/money";

export interface NewOrder {
  branch_id: number;
  name: string;
  phone: string;
  note: string;
  table_id: number;
  /** A pickup order's time (unix ms), checked by the caller; null: not a pickup order. */
  pickup_at: number | null;
  payment: "otp" | "online";
  idempotency_key: string | null;
  lines: PricedLine[];
  /** The order's money in minor units (./pricing.ts). */
  money: PricedTotals;
}

/**
 * The orders a diner's token reads (?1 the restaurant, ?2 its phone, ?3 the one order of an order-scoped
 * token, else null): the phone's own, and of those an online order only once it is paid (an unpaid one
 * may be anyone's attempt), except that the token of its own payment session reads it before:
 * "confirming payment" until Stripe's webhook lands, or canceled when the session expired.
 */
export const TOKENS_ORDERS = "restaurant_id = ?1 AND phone = ?2 AND (payment = 'otp' OR paid = 1 OR id = ?3) AND (?3 IS NULL OR id = ?3)";

/**
 * The one rule of an order that counts (the board shows it, insights add it up): paid at the counter
 * (SMS code) or paid online. An unpaid online order may be anyone's abandoned attempt. `alias`: "o.".
 */
export const paidOrder = (alias = "") => `(${alias}payment = 'otp' OR ${alias}paid = 1)`;

/** The order as the contract answers it: `price` in major units (docs/CONTRACT.md), read from the minor units stored. */
type Stored = { id: number; num_order: number; price: number };
/** The stored columns `Stored` is read from. */
const STORED = "id, num_order, total_minor, currency";
type StoredRow = { id: number; num_order: number; total_minor: number; currency: string };
const stored = (row: StoredRow): Stored => ({ id: row.id, num_order: row.num_order, price: majorUnits(row.total_minor, row.currency) });

/**
 * Stores the order and its items in ONE batch (a transaction: all or nothing), or returns the order
 * already stored under the same idempotency key. Items and options are one statement each, read from
 * a JSON parameter, so a cart of any allowed size is three statements and a handful of parameters.
 */
export async function createOrder(db: OrdersDb, restaurantId: number, order: NewOrder): Promise<Stored> {
  const publicId = randomHex(16);
  const items = order.lines.map((l, line) => ({
    line,
    product_id: l.product_id,
    name_en: l.name_en,
    name_ar: l.name_ar,
    image: l.image,
    unit_minor: l.unit,
    amount: l.amount,
    note: l.note,
  }));
  const options = order.lines.flatMap((l, line) => l.options.map(({ price, ...o }) => ({ line, ...o, price_minor: price })));
  const field = (name: string) => `json_extract(j.value, '$.${name}')`;
  const { money } = order;
  const [inserted] = await db.batch<StoredRow>([
    db
      .prepare(
        `INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, note, table_id, total_minor, payment, idempotency_key, public_id,
         currency, vat_bp, vat_minor, service_minor, tip_minor, pickup_at)
       VALUES (?1, ?2, (SELECT coalesce(max(num_order), 0) + 1 FROM orders WHERE branch_id = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
       ON CONFLICT DO NOTHING RETURNING ${STORED}`,
      )
      .bind(
        restaurantId,
        order.branch_id,
        order.name,
        order.phone,
        order.note,
        order.table_id,
        money.total,
        order.payment,
        order.idempotency_key,
        publicId,
        money.currency,
        money.vatBp,
        money.vat,
        money.service,
        money.tip,
        order.pickup_at,
      ),
    // Nothing is inserted below when the order was not (same idempotency key): they select it by its new public id.
    db
      .prepare(
        `INSERT INTO order_items (order_id, line, product_id, name_en, name_ar, image, unit_minor, amount, note)
       SELECT o.id, ${["line", "product_id", "name_en", "name_ar", "image", "unit_minor", "amount", "note"].map(field).join(", ")}
       FROM orders o, json_each(?2) j WHERE o.public_id = ?1`,
      )
      .bind(publicId, JSON.stringify(items)),
    db
      .prepare(
        `INSERT INTO order_item_options (order_item_id, sub_option_id, name_en, name_ar, sub_name_en, sub_name_ar, price_minor)
       SELECT i.id, ${["sub_option_id", "name_en", "name_ar", "sub_name_en", "sub_name_ar", "price_minor"].map(field).join(", ")}
       FROM orders o JOIN order_items i ON i.order_id = o.id, json_each(?2) j WHERE o.public_id = ?1 AND i.line = ${field("line")}`,
      )
      .bind(publicId, JSON.stringify(options)),
  ]);
  const row = inserted!.results[0];
  if (row) return stored(row);
  // A submit with the same key was stored first (a retry, or a concurrent double tap): that order it is.
  const existing = order.idempotency_key ? await orderByKey(db, restaurantId, order.phone, order.idempotency_key) : null;
  if (!existing) throw new Error("createOrder: the order was neither stored nor found");
  return existing;
}

/** The order a client already stored under its idempotency key, or null. */
export const orderByKey = (db: OrdersDb, restaurantId: number, phone: string, key: string) =>
  db
    .prepare(`SELECT ${STORED} FROM orders WHERE restaurant_id = ? AND phone = ? AND idempotency_key = ?`)
    .bind(restaurantId, phone, key)
    .first<StoredRow>()
    .then((row) => (row ? stored(row) : null));

interface OrderRow {
  id: number;
  public_id: string;
  num_order: number;
  total_minor: number;
  currency: string;
  vat_bp: number;
  vat_minor: number;
  service_minor: number;
  tip_minor: number;
  invoice_number: number | null;
  credit_number: number | null;
  invoice_receipt: number | null;
  note: string | null;
  created_at: string;
  status: number;
  table_id: number;
  /** A pickup order's time (unix ms; the embedded API's addition), null otherwise. */
  pickup_at: number | null;
  /** The diner's rating (./ratings.ts), null while none. */
  rating: number | null;
  rating_note: string | null;
  branch_id: number;
  paid: number;
  payment: string;
}
interface RefundColumns {
  refund_status: RefundStatus | null;
  refund_amount: number | null;
  refund_currency: string | null;
  refund_provider: string | null;
}
const REFUND_COLUMNS = (["status", "amount", "currency", "provider"] as const).map((c) => `${refundSummary("orders.id")[c]} AS refund_${c}`).join(", ");
interface ItemRow {
  id: number;
  order_id: number;
  product_id: number;
  name_en: string;
  name_ar: string;
  image: string | null;
  unit_minor: number;
  amount: number;
  note: string | null;
}
interface OptionRow {
  order_item_id: number;
  sub_option_id: number;
  name_en: string;
  name_ar: string;
  sub_name_en: string;
  sub_name_ar: string;
  price_minor: number;
}
/** Each order's tax invoice and credit note numbers (./invoices.ts), null while it has none. */
const INVOICE_COLUMNS = ["invoice", "credit"]
  .map((kind) => `(SELECT number FROM invoices n WHERE n.order_id = orders.id AND n.kind = '${kind}') AS ${kind}_number`)
  .join(", ");
/** Whether the order's sale document is a receipt (./invoices.ts). */
const RECEIPT_COLUMN = `${receiptColumn("orders.id")} AS invoice_receipt`;

/**
 * Orders in the contract's shape (`orderProdeuct`, the existing field name, and `order_products`), newest first.
 * `public_id` names the order's live-status channel; callers only ever select the caller's own orders.
 */
async function ordersJson(db: OrdersDb, where: string, ...args: unknown[]) {
  const [orders, items, options] = await db.batch([
    db
      .prepare(
        `SELECT id, public_id, num_order, total_minor, currency, vat_bp, vat_minor, service_minor, tip_minor, note, created_at, status, table_id, pickup_at, rating, rating_note, branch_id,
         paid, payment, ${REFUND_COLUMNS}, ${INVOICE_COLUMNS}, ${RECEIPT_COLUMN} FROM orders WHERE ${where} ORDER BY id DESC`,
      )
      .bind(...args),
    db.prepare(`SELECT * FROM order_items WHERE order_id IN (SELECT id FROM orders WHERE ${where}) ORDER BY id`).bind(...args),
    db
      .prepare(
        `SELECT o.* FROM order_item_options o JOIN order_items i ON i.id = o.order_item_id WHERE i.order_id IN (SELECT id FROM orders WHERE ${where}) ORDER BY o.id`,
      )
      .bind(...args),
  ]);
  const optionsOf = new Map<number, OptionRow[]>();
  for (const o of options!.results as OptionRow[]) optionsOf.set(o.order_item_id, [...(optionsOf.get(o.order_item_id) ?? []), o]);
  const itemsOf = new Map<number, ItemRow[]>();
  for (const i of items!.results as ItemRow[]) itemsOf.set(i.order_id, [...(itemsOf.get(i.order_id) ?? []), i]);
  return (orders!.results as (OrderRow & RefundColumns)[]).map((row) => {
    const { refund_status, refund_amount, refund_currency, refund_provider, total_minor, vat_bp, vat_minor, service_minor, tip_minor, ...order } = row;
    const { invoice_number, credit_number, invoice_receipt, rating: stars, rating_note, ...rest } = order;
    const major = (minor: number) => majorUnits(minor, order.currency);
    const lines = (itemsOf.get(order.id) ?? []).map((i) => ({
      id: i.id,
      product: { id: i.product_id, name_en: i.name_en, name_ar: i.name_ar, image: i.image },
      price: major(i.unit_minor),
      amount: i.amount,
      note: i.note,
      option: (optionsOf.get(i.id) ?? []).map((o) => ({
        name_en: o.name_en,
        name_ar: o.name_ar,
        sub_option: { id: o.sub_option_id, name_en: o.sub_name_en, name_ar: o.sub_name_ar, price: major(o.price_minor) },
      })),
    }));
    // The embedded API's additions: a cancelled card order's refund (null when none), the VAT included,
    // the service charge and the tip (major units, like `price`), and the order's tax invoice numbers.
    const refund = dinerRefund({ refund_status, refund_amount, refund_currency, refund_provider });
    const money = { vat_rate: vat_bp / 100, vat: major(vat_minor), service_charge: major(service_minor), tip: major(tip_minor) };
    const invoices = { invoice: invoice_number, credit_note: credit_number, receipt: invoice_receipt === 1 };
    const rating = stars === null ? null : { stars, note: rating_note };
    return { ...rest, price: major(total_minor), ...money, invoices, refund, rating, orderProdeuct: lines, order_products: lines };
  });
}

/** The token's latest `limit` orders (./orders.ts TOKENS_ORDERS), newest first, in the contract's shape. */
export const tokensOrders = (db: OrdersDb, restaurantId: number, token: { phone: string; orderId: number | null }, limit: number) =>
  ordersJson(db, `id IN (SELECT id FROM orders WHERE ${TOKENS_ORDERS} ORDER BY id DESC LIMIT ?4)`, restaurantId, token.phone, token.orderId, limit);

/** The token's order `id`, in the contract's shape, or null when it is not one the token reads. */
export const tokensOrder = async (db: OrdersDb, restaurantId: number, token: { phone: string; orderId: number | null }, id: number) =>
  (await ordersJson(db, `id = ?4 AND ${TOKENS_ORDERS}`, restaurantId, token.phone, token.orderId, id))[0] ?? null;
