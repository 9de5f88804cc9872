// The restaurant's catalogue moved out of the old single D1 into its object (docs/decisions/0045): the
// first time the object serves a catalogue statement it copies its restaurant's rows of D1's catalogue
// tables (ids kept: they are the ids pages, carts and orders already hold), in one transaction with the
// mark that it is done, so a second call, a restarted object or the move command copies nothing twice.
// A restaurant with no rows there (signed up since) copies nothing and is marked just the same.

type Row = Record<string, SqlStorageValue>;

/** The storage key (ctx.storage.kv) of the restaurant whose catalogue is here. */
const ADOPTED_KEY = "catalogue-adopted";

/** Each table's rows that are restaurant `?1`'s in D1, in the order their foreign keys need. */
const OWNED: readonly [table: string, where: string][] = [
  ["branches", "restaurant_id = ?1"],
  ["socials", "restaurant_id = ?1"],
  ["menus", "branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?1)"],
  ["categories", "menu_id IN (SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)"],
  [
    "products",
    "category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)",
  ],
  [
    "options",
    "product_id IN (SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)",
  ],
  [
    "sub_options",
    `option_id IN (SELECT o.id FROM options o JOIN products p ON p.id = o.product_id JOIN categories c ON c.id = p.category_id
     JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)`,
  ],
  ["visit_hours", "branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?1)"],
  ["pictures", "restaurant_id = ?1"],
  ["sms_budget_days", "restaurant_id = ?1"],
  ["restaurant_keys", "restaurant_id = ?1"],
];

/** Whether this object holds restaurant `restaurantId`'s catalogue already (another's: an error). */
export function catalogueAdopted(kv: SyncKvStorage, restaurantId: number): boolean {
  const adopted = kv.get<number>(ADOPTED_KEY);
  if (adopted !== undefined && adopted !== restaurantId)
    throw new Error(`This object holds restaurant ${adopted}'s catalogue, not restaurant ${restaurantId}'s`);
  return adopted === restaurantId;
}

/** The restaurant's catalogue rows in D1, table by table, in one batch (one snapshot); none when D1 has no such tables. */
export async function readOldCatalogue(db: D1Database, restaurantId: number): Promise<[table: string, rows: Row[]][]> {
  try {
    const results = await db.batch<Row>(OWNED.map(([table, where]) => db.prepare(`SELECT * FROM ${table} WHERE ${where}`).bind(restaurantId)));
    return OWNED.map(([table], i) => [table, results[i]!.results]);
  } catch (error) {
    if (/no such table/.test(String(error))) return [];
    throw error;
  }
}

/** Stores the rows read (a row already here is kept) and the mark, in the caller's transaction; the number stored. */
export function storeCatalogue(sql: SqlStorage, kv: SyncKvStorage, restaurantId: number, tables: [string, Row[]][]): number {
  let stored = 0;
  for (const [table, rows] of tables) {
    for (const row of rows) {
      const columns = Object.keys(row);
      const cursor = sql.exec(
        `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        ...columns.map((c) => row[c]!),
      );
      stored += cursor.rowsWritten > 0 ? 1 : 0;
    }
  }
  kv.put(ADOPTED_KEY, restaurantId);
  return stored;
}

/** The branch ids a copied catalogue brought, for the directory's list of whose branch is whose. */
export const branchIdsOf = (tables: [string, Row[]][]) => (tables.find(([t]) => t === "branches")?.[1] ?? []).map((b) => Number(b.id));

/** Marks the catalogue as here (an imported file holds it whole). */
export const markAdopted = (kv: SyncKvStorage, restaurantId: number) => kv.put(ADOPTED_KEY, restaurantId);

/** The restaurant whose catalogue this object holds, or null (none taken yet). */
export const adoptedRestaurant = (kv: SyncKvStorage) => kv.get<number>(ADOPTED_KEY) ?? null;
