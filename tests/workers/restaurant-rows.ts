// A restaurant's object's own rows, read (or changed) in a test: what D1 no longer holds (codes,
// tokens) is asked of the object itself. An object nobody wrote to holds no rows.
import { env, runInDurableObject } from "cloudflare:test";
import { schemaVersion } from "../../worker/restaurant/schema";
import { restaurantObject } from "../../worker/restaurant/stub";
import { objectStore } from "./object-store";

export const SAFFRON_ID = 1;

export function restaurantRows<T = Record<string, SqlStorageValue>>(restaurantId: number, query: string, ...args: unknown[]): Promise<T[]> {
  return runInDurableObject(restaurantObject(env, { id: restaurantId }), (_instance, state) =>
    schemaVersion(state.storage.sql) === 0 ? [] : (state.storage.sql.exec(query, ...args).toArray() as T[]),
  );
}

/**
 * A restaurant's orders store as the tests read and change it: the same prepare/bind/first/all/run and
 * batch as D1's, against the restaurant's object (orders, order_items, order_item_options,
 * payment_sessions, refunds, stripe_events live there, not in D1).
 */
export const ordersOf = objectStore;

interface SeededOrder {
  payment?: "otp" | "online";
  paid?: number;
  /** The diner's name and the order's note. */
  name?: string;
  note?: string;
  /** The one dish: its names and note (it has the option Sauce: Tahini). */
  dish?: { name_en: string; name_ar: string; note: string };
}

/**
 * A pending order of `branchId` with one dish (two of it, an option and a note), straight into the
 * restaurant's object. Another restaurant's orders are numbered from 500001 up, so their ids are never one
 * of saffron's (each object numbers its own orders): "another restaurant's order id" stays a real test.
 */
export async function seedOrder(restaurantId: number, branchId: number, extra: SeededOrder = {}) {
  const publicId = crypto.randomUUID().replaceAll("-", "");
  const dish = extra.dish ?? { name_en: "Board falafel", name_ar: "فلافل اللوحة", note: "Extra crispy" };
  const db = ordersOf(restaurantId);
  const row = await db
    .prepare(
      `INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, payment, paid, public_id, note)
     VALUES ((SELECT coalesce(max(id), ?6) + 1 FROM orders), ?1, ?2, (SELECT coalesce(max(num_order), 0) + 1 FROM orders WHERE branch_id = ?2), ?7, '+971500000001', 7, 2100, 'AED', ?3, ?4, ?5, ?8) RETURNING id, num_order`,
    )
    .bind(
      restaurantId,
      branchId,
      extra.payment ?? "otp",
      extra.paid ?? 0,
      publicId,
      restaurantId === SAFFRON_ID ? 0 : 500_000,
      extra.name ?? "Diner",
      extra.note ?? "No onions at all",
    )
    .first<{ id: number; num_order: number }>();
  const item = await db
    .prepare("INSERT INTO order_items (order_id, product_id, name_en, name_ar, unit_minor, amount, note, line) VALUES (?, 1, ?, ?, 2100, 2, ?, 1) RETURNING id")
    .bind(row!.id, dish.name_en, dish.name_ar, dish.note)
    .first<{ id: number }>();
  await db
    .prepare(
      "INSERT INTO order_item_options (order_item_id, sub_option_id, name_en, name_ar, sub_name_en, sub_name_ar, price_minor) VALUES (?, 1, 'Sauce', 'الصلصة', 'Tahini', 'طحينة', 0)",
    )
    .bind(item!.id)
    .run();
  return { id: row!.id, num_order: row!.num_order, publicId };
}
