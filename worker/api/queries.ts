// The embedded API's reads. Each catalogue call is ONE D1 round trip: a `db.batch` whose
// statements all filter on the active restaurant's domain themselves, so the restaurant row, the
// rows asked for, their options and the visit counter come back (or are bumped) together, and a
// statement aimed at another or an inactive restaurant simply matches nothing.
import type { BranchRow, NamedRow, OptionRow, ProductRow, RestaurantRow, SocialRow } from "./rows";
import { groupOptions } from "./rows";

/** The id of the active restaurant with domain `?` (NULL otherwise). */
const RESTAURANT_ID = "(SELECT id FROM restaurants WHERE domain = ? AND is_active = 1)";
const SELECT_RESTAURANT = "SELECT * FROM restaurants WHERE domain = ? AND is_active = 1";

// Used by the ordering half, which does its own writes between reads.
export const activeRestaurant = (db: D1Database, domain: string) => db.prepare(SELECT_RESTAURANT).bind(domain).first<RestaurantRow>();

/** What the order code needs of an order's restaurant from the directory: its object, hub, money and Stripe account. */
export type OrderRestaurant = Pick<RestaurantRow, "id" | "domain" | "currency" | "country" | "stripe_account_id">;
const ORDER_RESTAURANT = "SELECT id, domain, currency, country, stripe_account_id FROM restaurants";
export const orderRestaurant = (db: D1Database, id: number) => db.prepare(`${ORDER_RESTAURANT} WHERE id = ?`).bind(id).first<OrderRestaurant>();
/** The restaurants paid into a Stripe account (one, unless an account was shared): a webhook names the account only. */
export const restaurantsOfAccount = (db: D1Database, account: string) =>
  db.prepare(`${ORDER_RESTAURANT} WHERE stripe_account_id = ? LIMIT 10`).bind(account).all<OrderRestaurant>().then((r) => r.results);
export const branchOf = (db: D1Database, restaurantId: number, branchId: number) =>
  db.prepare("SELECT * FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, restaurantId).first<BranchRow>();

const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];
const first = <T>(result: D1Result | undefined) => (rows<T>(result)[0] ?? null);

/** The rows of each counted table that belong to the restaurant with domain `?`. */
const OWNED = {
  branches: `restaurant_id = ${RESTAURANT_ID}`,
  menus: `branch_id IN (SELECT id FROM branches WHERE restaurant_id = ${RESTAURANT_ID})`,
  categories: `menu_id IN (SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ${RESTAURANT_ID})`,
  products: `category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ${RESTAURANT_ID})`,
} as const;
export type CountedTable = keyof typeof OWNED;

/** Bumps `num_visit` of one row, only when `visit` is 1 and the row belongs to the restaurant. */
const countVisit = (db: D1Database, table: CountedTable, id: number, domain: string, visit: number) =>
  visit === 1 ? [db.prepare(`UPDATE ${table} SET num_visit = num_visit + 1 WHERE id = ? AND ${OWNED[table]}`).bind(id, domain)] : [];

/** Visits of one item in the unix hour they were counted in, for the insights' buckets (migration 0014). */
export type HourlyVisits = readonly [kind: "b" | "m" | "p", id: number, hour: number, visits: number];

/** The branch of each bucket's item, when the item is the restaurant's with domain `?`; else no row. */
const HOURLY_UPSERT = `WITH r AS (SELECT id FROM restaurants WHERE domain = ? AND is_active = 1),
  v AS (SELECT value->>0 AS kind, value->>1 AS item, value->>2 AS hour, value->>3 AS n FROM json_each(?))
INSERT INTO visit_hours (kind, item_id, hour, branch_id, visits)
SELECT kind, item, hour, branch, n FROM (SELECT v.*, CASE v.kind
    WHEN 'b' THEN (SELECT b.id FROM branches b WHERE b.id = v.item AND b.restaurant_id = (SELECT id FROM r))
    WHEN 'm' THEN (SELECT b.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE m.id = v.item AND b.restaurant_id = (SELECT id FROM r))
    WHEN 'p' THEN (SELECT b.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
                   JOIN branches b ON b.id = m.branch_id WHERE p.id = v.item AND b.restaurant_id = (SELECT id FROM r))
  END AS branch FROM v) WHERE branch IS NOT NULL
ON CONFLICT (kind, item_id, hour) DO UPDATE SET visits = visits + excluded.visits`;

/**
 * Adds summed visits (table → id → count) to the restaurant's rows in ONE round trip, one statement
 * per table (worker/edge/visit-tally.ts batches them), and the same visits by hour to visit_hours in
 * one more statement of the same batch, so totals and buckets never disagree. Ids of another
 * restaurant match nothing. Returns the number of write statements sent.
 */
export async function addVisits(
  db: D1Database,
  domain: string,
  counts: Partial<Record<CountedTable, Record<number, number>>>,
  hourly: readonly HourlyVisits[] = [],
) {
  const statements = Object.entries(counts).map(([table, byId]) =>
    db
      .prepare(
        `UPDATE ${table} SET num_visit = num_visit + v.value FROM json_each(?) AS v
         WHERE ${table}.id = CAST(v.key AS INTEGER) AND ${OWNED[table as CountedTable]}`, // (json_each has an "id" too)
      )
      .bind(JSON.stringify(byId), domain),
  );
  if (hourly.length) statements.push(db.prepare(HOURLY_UPSERT).bind(domain, JSON.stringify(hourly)));
  if (statements.length) await db.batch(statements);
  return statements.length;
}

const PRODUCTS_FROM = "FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id";
/** Products matched by `where` (sorted like the backend: menu, category, then the product's sortNum). */
const productsSql = (where: string) => `SELECT p.*, c.menu_id AS menu_id ${PRODUCTS_FROM} WHERE ${where} ORDER BY m.sort_num, c.sort_num, p.sort_num, p.id`;
/** Options and sub-options of the same products, in one statement (no N+1), grouped in JS. */
const optionsSql = (where: string) =>
  `SELECT o.id, o.product_id, o.name_en, o.name_ar, o.required, o.min_choices, o.max_choices, s.id AS sub_id, s.name_en AS sub_name_en, s.name_ar AS sub_name_ar, s.price AS sub_price
   FROM options o LEFT JOIN sub_options s ON s.option_id = o.id
   WHERE o.product_id IN (SELECT p.id ${PRODUCTS_FROM} WHERE ${where}) ORDER BY o.sort_num, o.id, s.sort_num, s.id`;

export async function branches(db: D1Database, domain: string) {
  const [restaurant, list, socials] = await db.batch([
    db.prepare(SELECT_RESTAURANT).bind(domain),
    db.prepare(`SELECT * FROM branches WHERE restaurant_id = ${RESTAURANT_ID} ORDER BY sort_num, id`).bind(domain),
    db.prepare(`SELECT * FROM socials WHERE restaurant_id = ${RESTAURANT_ID} ORDER BY type, id`).bind(domain),
  ]);
  return { restaurant: first<RestaurantRow>(restaurant), branches: rows<BranchRow>(list), socials: rows<SocialRow>(socials) };
}

export async function menus(db: D1Database, domain: string, branchId: number, visit: number) {
  const [restaurant, branch, list, socials] = await db.batch([
    db.prepare(SELECT_RESTAURANT).bind(domain),
    db.prepare(`SELECT * FROM branches WHERE id = ? AND restaurant_id = ${RESTAURANT_ID}`).bind(branchId, domain),
    db.prepare(`SELECT * FROM menus WHERE branch_id = (SELECT id FROM branches WHERE id = ? AND restaurant_id = ${RESTAURANT_ID}) ORDER BY sort_num, id`).bind(branchId, domain),
    db.prepare(`SELECT * FROM socials WHERE restaurant_id = ${RESTAURANT_ID} ORDER BY type, id`).bind(domain),
    ...countVisit(db, "branches", branchId, domain, visit),
  ]);
  return { restaurant: first<RestaurantRow>(restaurant), branch: first<BranchRow>(branch), menus: rows<NamedRow>(list), socials: rows<SocialRow>(socials) };
}

/** Categories of a menu of this restaurant (none for another restaurant's menu, like a Laravel `where`). */
export async function categories(db: D1Database, domain: string, menuId: number, visit: number) {
  const [restaurant, list] = await db.batch([
    db.prepare(SELECT_RESTAURANT).bind(domain),
    db.prepare(
      `SELECT c.* FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
       WHERE c.menu_id = ? AND b.restaurant_id = ${RESTAURANT_ID} ORDER BY c.sort_num, c.id`,
    ).bind(menuId, domain),
    ...countVisit(db, "menus", menuId, domain, visit),
  ]);
  return { restaurant: first<RestaurantRow>(restaurant), categories: rows<NamedRow>(list) };
}

async function productsWhere(db: D1Database, domain: string, where: string, id: number, visit: [CountedTable, number] | null) {
  const scoped = `${where} AND b.restaurant_id = ${RESTAURANT_ID}`;
  const [restaurant, products, options] = await db.batch([
    db.prepare(SELECT_RESTAURANT).bind(domain),
    db.prepare(productsSql(scoped)).bind(id, domain),
    db.prepare(optionsSql(scoped)).bind(id, domain),
    ...(visit ? countVisit(db, visit[0], id, domain, visit[1]) : []),
  ]);
  return { restaurant: first<RestaurantRow>(restaurant), products: rows<ProductRow>(products), options: groupOptions(rows<OptionRow>(options)) };
}

export const productsOfCategory = (db: D1Database, domain: string, categoryId: number, visit: number) =>
  productsWhere(db, domain, "p.category_id = ?", categoryId, ["categories", visit]);

export const productById = (db: D1Database, domain: string, productId: number, visit: number) =>
  productsWhere(db, domain, "p.id = ?", productId, ["products", visit]);

export const optionsOf = (db: D1Database, domain: string, productId: number) => productsWhere(db, domain, "p.id = ?", productId, null);

export const style = async (db: D1Database, domain: string) => activeRestaurant(db, domain);

export async function socials(db: D1Database, domain: string) {
  const [restaurant, list] = await db.batch([
    db.prepare(SELECT_RESTAURANT).bind(domain),
    db.prepare(`SELECT * FROM socials WHERE restaurant_id = ${RESTAURANT_ID} ORDER BY type, id`).bind(domain),
  ]);
  return { restaurant: first<RestaurantRow>(restaurant), socials: rows<SocialRow>(list) };
}

/** A branch with its restaurant's domain and state: the GET calls carry a branch id, not always a domain. */
export type BranchWithRestaurant = BranchRow & { domain: string; restaurant_active: number };
const BRANCH_WITH_RESTAURANT = "SELECT b.*, r.domain AS domain, r.is_active AS restaurant_active FROM branches b JOIN restaurants r ON r.id = b.restaurant_id WHERE b.id = ?";

/**
 * A branch's products matching `filter` (with or without their options), active restaurants only.
 * `domain` (offers call, new form) also fetches that restaurant and keeps only its branch.
 */
export async function productsOfBranch(
  db: D1Database, branchId: number, filter: "p.common = 1" | "p.is_new = 1" | "1 = 1", withOptions: boolean, domain: string | null = null,
) {
  const where = `b.id = ? AND ${filter} AND ${domain === null ? "b.restaurant_id IN (SELECT id FROM restaurants WHERE is_active = 1)" : `b.restaurant_id = ${RESTAURANT_ID}`}`;
  const args = domain === null ? [branchId] : [branchId, domain];
  const [branch, restaurant, products, options] = await db.batch([
    db.prepare(BRANCH_WITH_RESTAURANT).bind(branchId),
    domain === null ? db.prepare("SELECT NULL AS none WHERE 0") : db.prepare(SELECT_RESTAURANT).bind(domain),
    db.prepare(productsSql(where)).bind(...args),
    ...(withOptions ? [db.prepare(optionsSql(where)).bind(...args)] : []),
  ]);
  return {
    branch: first<BranchWithRestaurant>(branch),
    restaurant: first<RestaurantRow>(restaurant),
    products: rows<ProductRow>(products),
    options: groupOptions(rows<OptionRow>(options)),
  };
}
