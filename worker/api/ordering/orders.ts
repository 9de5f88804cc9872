// Orders: stored from priced lines (idempotently), listed and shown to the phone that placed them.
import type { PricedLine } from "./pricing";

export interface NewOrder {
  restaurant_id: number;
  branch_id: number;
  name: string;
  phone: string;
  note: string;
  table_id: number;
  payment: "otp" | "online";
  idempotency_key: string | null;
  lines: PricedLine[];
  total: number;
}

/** Stores the order, or returns the one already stored under the same idempotency key. */
export async function createOrder(db: D1Database, order: NewOrder): Promise<{ id: number; num_order: number; price: number }> {
  if (order.idempotency_key) {
    const existing = await db.prepare("SELECT id, num_order, price FROM orders WHERE restaurant_id = ? AND phone = ? AND idempotency_key = ?")
      .bind(order.restaurant_id, order.phone, order.idempotency_key).first<{ id: number; num_order: number; price: number }>();
    if (existing) return existing;
  }
  const inserted = await db.prepare(
    `INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, note, table_id, price, payment, idempotency_key, public_id)
     VALUES (?1, ?2, (SELECT coalesce(max(num_order), 0) + 1 FROM orders WHERE branch_id = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, lower(hex(randomblob(16))))
     ON CONFLICT DO NOTHING RETURNING id, num_order, price`,
  ).bind(order.restaurant_id, order.branch_id, order.name, order.phone, order.note, order.table_id, order.total, order.payment, order.idempotency_key)
    .first<{ id: number; num_order: number; price: number }>();
  if (!inserted) return createOrder(db, order); // a concurrent submit with the same key won the race
  const statements: D1PreparedStatement[] = [];
  for (const line of order.lines) {
    statements.push(db.prepare("INSERT INTO order_items (order_id, product_id, name_en, name_ar, image, price, amount, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(inserted.id, line.product_id, line.name_en, line.name_ar, line.image, line.unit, line.amount, line.note));
    for (const o of line.options) {
      statements.push(db.prepare(
        "INSERT INTO order_item_options (order_item_id, sub_option_id, name_en, name_ar, sub_name_en, sub_name_ar, price) VALUES ((SELECT max(id) FROM order_items WHERE order_id = ?), ?, ?, ?, ?, ?, ?)",
      ).bind(inserted.id, o.sub_option_id, o.name_en, o.name_ar, o.sub_name_en, o.sub_name_ar, o.price));
    }
  }
  await db.batch(statements);
  return inserted;
}

interface OrderRow { id: number; public_id: string; num_order: number; price: number; note: string | null; created_at: string; status: number; table_id: number; branch_id: number; paid: number; payment: string }
interface ItemRow { id: number; order_id: number; product_id: number; name_en: string; name_ar: string; image: string | null; price: number; amount: number; note: string | null }
interface OptionRow { order_item_id: number; sub_option_id: number; name_en: string; name_ar: string; sub_name_en: string; sub_name_ar: string; price: number }

/**
 * Orders in the contract's shape (`orderProdeuct`, the existing field name, and `order_products`), newest first.
 * `public_id` names the order's live-status channel; callers only ever select the caller's own orders.
 */
export async function ordersJson(db: D1Database, where: string, ...args: unknown[]) {
  const [orders, items, options] = await db.batch([
    db.prepare(`SELECT id, public_id, num_order, price, note, created_at, status, table_id, branch_id, paid, payment FROM orders WHERE ${where} ORDER BY id DESC`).bind(...args),
    db.prepare(`SELECT * FROM order_items WHERE order_id IN (SELECT id FROM orders WHERE ${where}) ORDER BY id`).bind(...args),
    db.prepare(`SELECT o.* FROM order_item_options o JOIN order_items i ON i.id = o.order_item_id WHERE i.order_id IN (SELECT id FROM orders WHERE ${where}) ORDER BY o.id`).bind(...args),
  ]);
  const optionsOf = new Map<number, OptionRow[]>();
  for (const o of options!.results as OptionRow[]) optionsOf.set(o.order_item_id, [...(optionsOf.get(o.order_item_id) ?? []), o]);
  const itemsOf = new Map<number, ItemRow[]>();
  for (const i of items!.results as ItemRow[]) itemsOf.set(i.order_id, [...(itemsOf.get(i.order_id) ?? []), i]);
  return (orders!.results as OrderRow[]).map((order) => {
    const lines = (itemsOf.get(order.id) ?? []).map((i) => ({
      id: i.id,
      product: { id: i.product_id, name_en: i.name_en, name_ar: i.name_ar, image: i.image },
      price: i.price,
      amount: i.amount,
      note: i.note,
      option: (optionsOf.get(i.id) ?? []).map((o) => ({
        name_en: o.name_en, name_ar: o.name_ar,
        sub_option: { id: o.sub_option_id, name_en: o.sub_name_en, name_ar: o.sub_name_ar, price: o.price },
      })),
    }));
    return { ...order, orderProdeuct: lines, order_products: lines };
  });
}
