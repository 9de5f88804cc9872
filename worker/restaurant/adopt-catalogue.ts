// The restaurant's catalogue moved out of the old single D1 into its object (docs/decisions/0045): the
// first time the object serves a catalogue statement it copies its restaurant's rows of D1's catalogue
// tables (ids kept: they are the ids pages, carts and orders already hold), in one transaction with the
// mark that it is done, so a second call, a restarted object or the move command copies nothing twice.
// A restaurant with no rows there (signed up since) copies nothing and is marked just the same. Parts
// moved later (the brand, decision 0049) are appended to the list: an object that took the earlier
// parts takes only the new ones, on its next catalogue call.
import { upgradeMoneyRow } from "./schema-money";

type Row = Record<string, SqlStorageValue>;

/** The storage key (ctx.storage.kv) of the restaurant whose catalogue is here. */
const ADOPTED_KEY = "catalogue-adopted";
/** How many of OWNED's parts are here (absent: the 11 of schema version 3, taken before parts were counted). */
const PARTS_KEY = "catalogue-parts";
const FIRST_PARTS = 11;

/** The brand's columns on D1's restaurants row (decision 0049), as the object's `brand` row. */
const BRAND_SELECT = `SELECT id AS restaurant_id, logo, description_en, description_ar, style_primary, style_on_primary, style_secondary,
  style_on_secondary, style_background, style_on_background FROM restaurants WHERE id = ?1`;

/** A table's rows of restaurant `?1` in D1, as the part they make: the table they go to and the SELECT that reads them. */
const rowsWhere = (table: string, where: string): [table: string, select: string] => [table, `SELECT * FROM ${table} WHERE ${where}`];

/** Each part of the catalogue in D1, in the order their foreign keys need: append, never reorder. */
const OWNED: readonly [table: string, select: string][] = [
  rowsWhere("branches", "restaurant_id = ?1"),
  rowsWhere("socials", "restaurant_id = ?1"),
  rowsWhere("menus", "branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?1)"),
  rowsWhere("categories", "menu_id IN (SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)"),
  rowsWhere(
    "products",
    "category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)",
  ),
  rowsWhere(
    "options",
    "product_id IN (SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)",
  ),
  rowsWhere(
    "sub_options",
    `option_id IN (SELECT o.id FROM options o JOIN products p ON p.id = o.product_id JOIN categories c ON c.id = p.category_id
     JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)`,
  ),
  rowsWhere("visit_hours", "branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?1)"),
  rowsWhere("pictures", "restaurant_id = ?1"),
  rowsWhere("sms_budget_days", "restaurant_id = ?1"),
  rowsWhere("restaurant_keys", "restaurant_id = ?1"),
  ["brand", BRAND_SELECT],
];

/** How many parts of the catalogue this object holds (0: none). */
export const partsHeld = (kv: SyncKvStorage): number => (kv.get<number>(ADOPTED_KEY) === undefined ? 0 : (kv.get<number>(PARTS_KEY) ?? FIRST_PARTS));

/** Whether this object holds restaurant `restaurantId`'s catalogue already (another's: an error). */
export function catalogueAdopted(kv: SyncKvStorage, restaurantId: number): boolean {
  const adopted = kv.get<number>(ADOPTED_KEY);
  if (adopted !== undefined && adopted !== restaurantId)
    throw new Error(`This object holds restaurant ${adopted}'s catalogue, not restaurant ${restaurantId}'s`);
  return adopted === restaurantId && partsHeld(kv) >= OWNED.length;
}

/** The restaurant's rows in D1 of the parts from `from` on, table by table, in one batch (one snapshot); none when D1 has no such tables. */
export async function readOldCatalogue(db: D1Database, restaurantId: number, from = 0): Promise<[table: string, rows: Row[]][]> {
  const parts = OWNED.slice(from);
  try {
    const results = await db.batch<Row>(parts.map(([, select]) => db.prepare(select).bind(restaurantId)));
    return parts.map(([table], i) => [table, results[i]!.results]);
  } catch (error) {
    if (/no such (table|column)/.test(String(error))) return [];
    throw error;
  }
}

/**
 * Stores the rows read (a row already here is kept; D1's prices, major units, as the object's minor units
 * of `currency`) and the mark, in the caller's transaction; the number stored.
 */
export function storeCatalogue(sql: SqlStorage, kv: SyncKvStorage, restaurantId: number, tables: [string, Row[]][], currency: string): number {
  let stored = 0;
  for (const [table, old] of tables) {
    for (const row of old.map((r) => upgradeMoneyRow(table, r, currency))) {
      const columns = Object.keys(row);
      const cursor = sql.exec(
        `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        ...columns.map((c) => row[c] as SqlStorageValue),
      );
      stored += cursor.rowsWritten > 0 ? 1 : 0;
    }
  }
  // Every restaurant has its brand row (no colours, no logo yet), so a logo is set by an UPDATE like a dish's picture.
  sql.exec("INSERT OR IGNORE INTO brand (restaurant_id) VALUES (?)", restaurantId);
  markAdopted(kv, restaurantId);
  return stored;
}

/** The branch ids a copied catalogue brought, for the directory's list of whose branch is whose. */
export const branchIdsOf = (tables: [string, Row[]][]) => (tables.find(([t]) => t === "branches")?.[1] ?? []).map((b) => Number(b.id));

/** Marks the catalogue as here, every part (or the first `parts`: a file exported before later parts moved; 0 marks nothing). */
export function markAdopted(kv: SyncKvStorage, restaurantId: number, parts = OWNED.length): void {
  if (parts <= 0) return;
  kv.put(ADOPTED_KEY, restaurantId);
  kv.put(PARTS_KEY, Math.min(parts, OWNED.length));
}

/** The parts a data file of schema `version` holds whole: before 3 none (the catalogue was D1's), before 4 no brand. */
export const partsOfVersion = (version: number) => (version >= 4 ? OWNED.length : version === 3 ? FIRST_PARTS : 0);

/** The restaurant whose catalogue this object holds, or null (none taken yet). */
export const adoptedRestaurant = (kv: SyncKvStorage) => kv.get<number>(ADOPTED_KEY) ?? null;
