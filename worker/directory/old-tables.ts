// D1's tables from before each restaurant had its own object (docs/decisions/0050): nothing writes them
// any more; objects copy their rows once (adoption, the move). Once every restaurant that still has
// rows there is marked moved, the operator's finish drops them, and the directory's old brand columns,
// in one transaction. Until then they stay, so a deploy that has not run the move loses nothing.

/** Children before parents (D1 enforces foreign keys while a table is dropped). */
export const OLD_TABLES = [
  "order_item_options",
  "order_items",
  "refunds",
  "payment_sessions",
  "order_tokens",
  "orders",
  "otp_codes",
  "sub_options",
  "options",
  "products",
  "categories",
  "menus",
  "visit_hours",
  "copy_bases",
  "socials",
  "pictures",
  "sms_budget_days",
  "restaurant_keys",
  "branches",
] as const;

/** The restaurants row's columns that moved into the objects' `brand` (docs/decisions/0049). */
export const OLD_BRAND_COLUMNS = [
  "logo",
  "description_en",
  "description_ar",
  "style_primary",
  "style_on_primary",
  "style_secondary",
  "style_on_secondary",
  "style_background",
  "style_on_background",
] as const;

/** Marks restaurants whose move finished (their object answered done). */
export async function markMoved(db: D1Database, ids: readonly number[], now = Date.now()): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare("UPDATE restaurants SET moved_at = ?1 WHERE id IN (SELECT value FROM json_each(?2)) AND moved_at IS NULL")
    .bind(now, JSON.stringify(ids))
    .run();
}

/** Restaurants with rows in the old tables (or old brand columns) still here whose move has not finished; the first `limit`. */
async function notMoved(db: D1Database, left: Left, limit: number): Promise<number[]> {
  const unmoved = "NOT IN (SELECT id FROM restaurants WHERE moved_at IS NOT NULL)";
  const owned = ["branches", "orders", "socials", "pictures", "sms_budget_days", "restaurant_keys"]
    .filter((t) => left.tables.includes(t))
    .map((t) => db.prepare(`SELECT DISTINCT restaurant_id AS id FROM ${t} WHERE restaurant_id ${unmoved} LIMIT ?`).bind(limit));
  // One statement per table (D1 caps a compound SELECT at a few terms), in one batch: one snapshot.
  if (left.columns.length)
    owned.push(
      db.prepare(`SELECT id FROM restaurants WHERE (${left.columns.map((c) => `${c} IS NOT NULL`).join(" OR ")}) AND id ${unmoved} LIMIT ?`).bind(limit),
    );
  if (owned.length === 0) return [];
  const results = await db.batch<{ id: number }>(owned);
  const ids = new Set(results.flatMap((r) => r.results.map((row) => row.id)));
  return [...ids].sort((a, b) => a - b).slice(0, limit);
}

interface Left {
  tables: string[];
  columns: string[];
}

/** Which old tables and columns are still in D1. */
async function leftOver(db: D1Database): Promise<Left> {
  const [tables, columns] = await db.batch<{ name: string }>([
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(OLD_TABLES)),
    db.prepare(`SELECT name FROM pragma_table_info('restaurants') WHERE name IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(OLD_BRAND_COLUMNS)),
  ]);
  const present = (list: readonly string[], rows: { name: string }[]) => list.filter((n) => rows.some((r) => r.name === n));
  return { tables: present(OLD_TABLES, tables!.results), columns: present(OLD_BRAND_COLUMNS, columns!.results) };
}

export type FinishResult = { dropped: Left } | { notMoved: number[] };

/** Drops the old tables and columns still here when no restaurant's rows there are unmoved; else names (up to 20) that are not. */
export async function finishMove(db: D1Database): Promise<FinishResult> {
  const left = await leftOver(db);
  const waiting = await notMoved(db, left, 20);
  if (waiting.length) return { notMoved: waiting };
  const { tables } = left;
  if (tables.length === 0 && left.columns.length === 0) return { dropped: { tables: [], columns: [] } };
  try {
    await db.batch([
      ...tables.map((t) => db.prepare(`DROP TABLE IF EXISTS ${t}`)),
      ...left.columns.map((c) => db.prepare(`ALTER TABLE restaurants DROP COLUMN ${c}`)),
    ]);
  } catch (error) {
    // Another finish dropped them meanwhile (one batch is one transaction: this one changed nothing).
    if (!/no such (table|column)/.test(String(error))) throw error;
    return { dropped: { tables: [], columns: [] } };
  }
  return { dropped: { tables, columns: left.columns } };
}
