// Moving one restaurant's rows out of the old single D1 (before decision 0040 its orders lived there)
// into its own object, a page at a time (docs/decisions/0042): orders with their lines, options,
// payment sessions and refunds, ids kept where free. The cursor (the last D1 order id moved) is written
// in the same transaction as the page, so a second run or a resumed one copies nothing twice. Codes (they
// live 10 minutes) and D1's order tokens (no restaurant in their text: they stand for nobody) stay behind.

import { upgradeMoneyRow } from "./schema-money";

type Row = Record<string, unknown>;

/** Orders per call (with all their children): a page is one D1 read and one object transaction. */
export const ADOPT_PAGE = 200;

/** The storage key of the move's state in the object's own storage (ctx.storage.kv). */
const STATE_KEY = "adopt-from-directory";

interface AdoptState {
  restaurantId: number;
  after: number;
}
export interface AdoptResult {
  moved: number;
  done: boolean;
}
interface OldRows {
  orders: Row[];
  items: Row[];
  options: Row[];
  sessions: Row[];
  refunds: Row[];
}

const ORDER = [
  "id",
  "restaurant_id",
  "branch_id",
  "num_order",
  "name",
  "phone",
  "note",
  "table_id",
  "price",
  "status",
  "payment",
  "paid",
  "idempotency_key",
  "created_at",
  "public_id",
];
const ITEM = ["id", "order_id", "product_id", "name_en", "name_ar", "image", "price", "amount", "note", "line"];
const OPTION = ["id", "order_item_id", "sub_option_id", "name_en", "name_ar", "sub_name_en", "sub_name_ar", "price"];
const SESSION = ["id", "order_id", "success_url", "cancel_url", "status", "created_at", "expires_at", "token_hash", "provider", "url", "payment_intent"];
const REFUND = [
  "order_id",
  "session_id",
  "provider",
  "amount",
  "currency",
  "status",
  "provider_id",
  "attempts",
  "last_error",
  "claimed_at",
  "created_at",
  "updated_at",
];

/** The page's orders (ids after `after`, in id order) and their children, in one D1 batch (one snapshot). */
export async function readOldPage(db: D1Database, restaurantId: number, after: number, limit = ADOPT_PAGE): Promise<OldRows> {
  const page = "SELECT id FROM orders WHERE restaurant_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3";
  const cols = (names: string[], alias: string) => names.map((n) => `${alias}.${n}`).join(", ");
  const read = (sql: string) => db.prepare(sql).bind(restaurantId, after, limit);
  let pages: D1Result<Row>[];
  try {
    pages = await db.batch<Row>([
      read(`SELECT ${cols(ORDER, "o")} FROM orders o WHERE o.restaurant_id = ?1 AND o.id > ?2 ORDER BY o.id LIMIT ?3`),
      read(`SELECT ${cols(ITEM, "i")} FROM order_items i WHERE i.order_id IN (${page}) ORDER BY i.id`),
      read(`SELECT ${cols(OPTION, "x")} FROM order_item_options x JOIN order_items i ON i.id = x.order_item_id WHERE i.order_id IN (${page}) ORDER BY x.id`),
      read(`SELECT ${cols(SESSION, "s")} FROM payment_sessions s WHERE s.order_id IN (${page}) ORDER BY s.created_at, s.id`),
      read(`SELECT ${cols(REFUND, "f")} FROM refunds f WHERE f.order_id IN (${page}) ORDER BY f.order_id`),
    ]);
  } catch (error) {
    // The old tables were dropped (worker/directory/old-tables.ts): nothing is left to move.
    if (/no such table/.test(String(error))) return { orders: [], items: [], options: [], sessions: [], refunds: [] };
    throw error;
  }
  const [orders, items, options, sessions, refunds] = pages;
  return { orders: orders!.results, items: items!.results, options: options!.results, sessions: sessions!.results, refunds: refunds!.results };
}

/** The move's state, or a fresh one; an object moved for one restaurant refuses another's rows. */
export function adoptState(kv: SyncKvStorage, restaurantId: number): AdoptState {
  const state = kv.get<AdoptState>(STATE_KEY);
  if (state && state.restaurantId !== restaurantId) {
    throw new Error(`This object is restaurant ${state.restaurantId}'s; it does not take restaurant ${restaurantId}'s rows`);
  }
  return state ?? { restaurantId, after: 0 };
}

/**
 * Stores one row (named columns only; D1's amounts in major units become the object's minor units of
 * `currency`); its id, or null when OR IGNORE skipped it.
 */
function insert(sql: SqlStorage, table: string, names: string[], old: Row, currency: string, orIgnore = false): number | null {
  const verb = orIgnore ? "INSERT OR IGNORE" : "INSERT";
  const row = upgradeMoneyRow(table, Object.fromEntries(names.map((n) => [n, old[n] ?? null])), currency);
  const columns = Object.keys(row);
  const placeholders = columns.map(() => "?").join(", ");
  const out = sql
    .exec<{ id: number }>(
      `${verb} INTO ${table} (${columns.join(", ")}) VALUES (${placeholders}) RETURNING rowid AS id`,
      ...columns.map((n) => (row[n] ?? null) as SqlStorageValue),
    )
    .toArray();
  return out[0]?.id ?? null;
}

/**
 * The id a moved row gets: its D1 id when free here; when a row placed since the deploy took it, one
 * above both this table's highest id and the page's (so it takes no id a later row of the page keeps).
 */
function idFor(sql: SqlStorage, table: string, id: unknown, pageRows: Row[]): number {
  if (sql.exec(`SELECT 1 FROM ${table} WHERE id = ?`, id as SqlStorageValue).toArray().length === 0) return id as number;
  const here = sql.exec<{ top: number | null }>(`SELECT max(id) AS top FROM ${table}`).one().top ?? 0;
  return Math.max(here, ...pageRows.map((r) => r.id as number)) + 1;
}

/** The very order already here (same id, public id, phone and time): moved before, not copied again. */
const sameOrder = (sql: SqlStorage, order: Row) =>
  sql
    .exec(
      "SELECT 1 FROM orders WHERE id = ? AND public_id IS ? AND phone = ? AND created_at = ?",
      ...[order.id, order.public_id, order.phone, order.created_at].map((v) => (v ?? null) as SqlStorageValue),
    )
    .toArray().length > 0;

/**
 * Inside the object, in one transaction with the cursor: stores the page's orders the cursor has not
 * passed (a concurrent call may have stored them meanwhile) and their children, each with its D1 id
 * unless an order placed here since the deploy took it. Returns how many orders it stored.
 */
export function storePage(sql: SqlStorage, kv: SyncKvStorage, restaurantId: number, rows: OldRows, currency: string): number {
  const state = adoptState(kv, restaurantId);
  const orderIds = new Map<unknown, number>();
  let moved = 0;
  for (const order of rows.orders) {
    if ((order.id as number) <= state.after || sameOrder(sql, order)) continue;
    // A retry sent across the deploy made a second order here with the same key: both are kept, the old without it.
    const key =
      order.idempotency_key != null &&
      sql.exec("SELECT 1 FROM orders WHERE phone = ? AND idempotency_key = ?", order.phone as string, order.idempotency_key as string).toArray().length === 0
        ? order.idempotency_key
        : null;
    orderIds.set(order.id, insert(sql, "orders", ORDER, { ...order, id: idFor(sql, "orders", order.id, rows.orders), idempotency_key: key }, currency)!);
    moved++;
  }
  const itemIds = new Map<unknown, number>();
  for (const item of rows.items) {
    const orderId = orderIds.get(item.order_id);
    if (orderId === undefined) continue;
    itemIds.set(item.id, insert(sql, "order_items", ITEM, { ...item, id: idFor(sql, "order_items", item.id, rows.items), order_id: orderId }, currency)!);
  }
  for (const option of rows.options) {
    const itemId = itemIds.get(option.order_item_id);
    if (itemId === undefined) continue;
    insert(sql, "order_item_options", OPTION, { ...option, id: idFor(sql, "order_item_options", option.id, rows.options), order_item_id: itemId }, currency);
  }
  for (const session of rows.sessions) {
    const orderId = orderIds.get(session.order_id);
    if (orderId !== undefined) insert(sql, "payment_sessions", SESSION, { ...session, order_id: orderId }, currency, true);
  }
  for (const refund of rows.refunds) {
    const orderId = orderIds.get(refund.order_id);
    if (orderId !== undefined) insert(sql, "refunds", REFUND, { ...refund, order_id: orderId }, currency, true);
  }
  const last = rows.orders.at(-1)?.id as number | undefined;
  kv.put(STATE_KEY, { restaurantId, after: Math.max(state.after, last ?? 0) } satisfies AdoptState);
  return moved;
}
