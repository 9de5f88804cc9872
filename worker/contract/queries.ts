// The embedded API's reads. A call resolves its restaurant once in the directory (D1: the active
// restaurant with that domain), then reads that restaurant's catalogue in ONE round trip to its store
// (`catalogueStore`: a batch whose statements all filter on the restaurant's id, so the rows asked for,
// their options and the visit counter come back, or are bumped, together; another restaurant's ids
// simply match nothing).
import { catalogueStore, type CatalogueStore } from "../restaurant/stub";
import { restaurantOfBranch, restaurantOfDomain } from "../directory/directory";
import { shown } from "./preview";
import type { BrandRow, BranchRow, MenuRow, OptionRow, RestaurantRow, SellerRow, SocialRow, StoredProduct } from "./rows";
import { groupOptions, majorPrices, sellerTerms, withBrand } from "./rows";

/** The live restaurant with `domain` (the ordering calls), from the directory (its cached row). */
export async function activeRestaurant(env: Env, domain: string): Promise<RestaurantRow | null> {
  const row = await restaurantOfDomain(env, domain);
  return row?.is_active === 1 ? row : null;
}

/** The restaurant a catalogue call about `domain` reads: live, or the draft this render previews. */
async function shownRestaurant(env: Env, domain: string): Promise<RestaurantRow | null> {
  const row = await restaurantOfDomain(env, domain);
  return row && shown(env, row.is_active, row.domain) ? row : null;
}

/** What the order code needs of an order's restaurant from the directory: its object, hub, money, Stripe account and names (an invoice's seller). */
export type OrderRestaurant = Pick<RestaurantRow, "id" | "domain" | "currency" | "country" | "stripe_account_id" | "name_en" | "name_ar">;
const ORDER_RESTAURANT = "SELECT id, domain, currency, country, stripe_account_id, name_en, name_ar FROM restaurants";
export const orderRestaurant = (db: D1Database, id: number) => db.prepare(`${ORDER_RESTAURANT} WHERE id = ?`).bind(id).first<OrderRestaurant>();
/** The restaurants paid into a Stripe account (one, unless an account was shared): a webhook names the account only. */
export const restaurantsOfAccount = (db: D1Database, account: string) =>
  db
    .prepare(`${ORDER_RESTAURANT} WHERE stripe_account_id = ? LIMIT 10`)
    .bind(account)
    .all<OrderRestaurant>()
    .then((r) => r.results);
export const branchOf = (store: CatalogueStore, restaurantId: number, branchId: number) =>
  store.prepare("SELECT * FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, restaurantId).first<BranchRow>();

type Result = { results: unknown[] } | undefined;
const rows = <T>(result: Result) => (result?.results ?? []) as T[];

/** The rows of each counted table that belong to the restaurant with id `?`. */
const OWNED = {
  branches: "restaurant_id = ?",
  menus: "branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?)",
  categories: "menu_id IN (SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?)",
  products: "category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?)",
} as const;
export type CountedTable = keyof typeof OWNED;

/** Bumps `num_visit` of one row, only when `visit` is 1 and the row belongs to the restaurant. */
const countVisit = (store: CatalogueStore, table: CountedTable, id: number, restaurantId: number, visit: number) =>
  visit === 1 ? [store.prepare(`UPDATE ${table} SET num_visit = num_visit + 1 WHERE id = ? AND ${OWNED[table]}`).bind(id, restaurantId)] : [];

/** Visits of one item in the unix hour they were counted in, for the insights' buckets (migration 0014). */
export type HourlyVisits = readonly [kind: "b" | "m" | "p", id: number, hour: number, visits: number];

/** The branch of each bucket's item, when the item is restaurant `?1`'s; else no row. */
const HOURLY_UPSERT = `WITH v AS (SELECT value->>0 AS kind, value->>1 AS item, value->>2 AS hour, value->>3 AS n FROM json_each(?2))
INSERT INTO visit_hours (kind, item_id, hour, branch_id, visits)
SELECT kind, item, hour, branch, n FROM (SELECT v.*, CASE v.kind
    WHEN 'b' THEN (SELECT b.id FROM branches b WHERE b.id = v.item AND b.restaurant_id = ?1)
    WHEN 'm' THEN (SELECT b.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE m.id = v.item AND b.restaurant_id = ?1)
    WHEN 'p' THEN (SELECT b.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
                   JOIN branches b ON b.id = m.branch_id WHERE p.id = v.item AND b.restaurant_id = ?1)
  END AS branch FROM v) WHERE branch IS NOT NULL
ON CONFLICT (kind, item_id, hour) DO UPDATE SET visits = visits + excluded.visits`;

/**
 * Adds summed visits (table → id → count) to the rows of the active restaurant with `domain` in ONE
 * round trip to its store, one statement per table (worker/edge/visit-tally.ts batches them), and the
 * same visits by hour to visit_hours in one more statement of the same batch, so totals and buckets
 * never disagree. Ids of another restaurant match nothing. Returns the number of write statements
 * sent (0 when the domain is no active restaurant's).
 */
export async function addVisits(env: Env, domain: string, counts: Partial<Record<CountedTable, Record<number, number>>>, hourly: readonly HourlyVisits[] = []) {
  const restaurant = await activeRestaurant(env, domain);
  if (!restaurant) return 0;
  const store = catalogueStore(env, restaurant);
  const statements = Object.entries(counts).map(([table, byId]) =>
    store
      .prepare(
        `UPDATE ${table} SET num_visit = num_visit + v.value FROM json_each(?) AS v
         WHERE ${table}.id = CAST(v.key AS INTEGER) AND ${OWNED[table as CountedTable]}`, // (json_each has an "id" too)
      )
      .bind(JSON.stringify(byId), restaurant.id),
  );
  if (hourly.length) statements.push(store.prepare(HOURLY_UPSERT).bind(restaurant.id, JSON.stringify(hourly)));
  if (statements.length) await store.batch(statements);
  return statements.length;
}

const PRODUCTS_FROM = "FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id";
/** Products matched by `where` (sorted like the backend: menu, category, then the product's sortNum). */
const productsSql = (where: string) => `SELECT p.*, c.menu_id AS menu_id ${PRODUCTS_FROM} WHERE ${where} ORDER BY m.sort_num, c.sort_num, p.sort_num, p.id`;
/** Options and sub-options of the same products, in one statement (no N+1), grouped in JS. */
const optionsSql = (where: string) =>
  `SELECT o.id, o.product_id, o.name_en, o.name_ar, o.required, o.min_choices, o.max_choices, s.id AS sub_id, s.name_en AS sub_name_en, s.name_ar AS sub_name_ar, s.price_minor AS sub_price
   FROM options o LEFT JOIN sub_options s ON s.option_id = o.id
   WHERE o.product_id IN (SELECT p.id ${PRODUCTS_FROM} WHERE ${where}) ORDER BY o.sort_num, o.id, s.sort_num, s.id`;

/** The restaurant shown for `domain` and its catalogue store; null when there is none to show. */
async function catalogueOf(env: Env, domain: string) {
  const restaurant = await shownRestaurant(env, domain);
  return restaurant ? { restaurant, store: catalogueStore(env, restaurant) } : null;
}

const SOCIALS = "SELECT * FROM socials WHERE restaurant_id = ? ORDER BY type, id";
const BRAND = "SELECT * FROM brand WHERE restaurant_id = ?";
const SELLER = "SELECT vat_bp, service_bp, tips FROM seller WHERE restaurant_id = ?";
/** The restaurant as a diner's screen shows it: its look and its selling terms, read in the same batch. */
const shownWithTerms = (restaurant: RestaurantRow, brand: Result, seller: Result) => ({
  ...withBrand(restaurant, rows<BrandRow>(brand)[0]),
  ...sellerTerms(restaurant.country, rows<SellerRow>(seller)[0]),
});

export async function branches(env: Env, domain: string) {
  const found = await catalogueOf(env, domain);
  if (!found) return { restaurant: null, branches: [], socials: [] };
  const { restaurant, store } = found;
  const [list, socials, brand, seller] = await store.batch([
    store.prepare("SELECT * FROM branches WHERE restaurant_id = ? ORDER BY sort_num, id").bind(restaurant.id),
    store.prepare(SOCIALS).bind(restaurant.id),
    store.prepare(BRAND).bind(restaurant.id),
    store.prepare(SELLER).bind(restaurant.id),
  ]);
  return { restaurant: shownWithTerms(restaurant, brand, seller), branches: rows<BranchRow>(list), socials: rows<SocialRow>(socials) };
}

/**
 * A menu diners see has a dish they can see (issue 35, point 8): the empty "Menu" made at sign-up, or one
 * whose dishes are all hidden, is not listed, so its page is a 404 and the branch's home goes without it.
 */
const HAS_DISH = "EXISTS (SELECT 1 FROM categories c JOIN products p ON p.category_id = c.id WHERE c.menu_id = m.id AND p.hidden = 0)";

export async function menus(env: Env, domain: string, branchId: number, visit: number) {
  const found = await catalogueOf(env, domain);
  if (!found) return { restaurant: null, branch: null, menus: [], socials: [] };
  const { restaurant, store } = found;
  const [branch, list, socials, brand, seller] = await store.batch([
    store.prepare("SELECT * FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, restaurant.id),
    store
      .prepare(
        `SELECT m.*, (SELECT json_group_array(json_object('id', c.id, 'served', json(c.served))) FROM categories c
          WHERE c.menu_id = m.id AND c.served IS NOT NULL) AS served_categories
         FROM menus m WHERE m.branch_id = (SELECT id FROM branches WHERE id = ? AND restaurant_id = ?) AND ${HAS_DISH} ORDER BY m.sort_num, m.id`,
      )
      .bind(branchId, restaurant.id),
    store.prepare(SOCIALS).bind(restaurant.id),
    store.prepare(BRAND).bind(restaurant.id),
    store.prepare(SELLER).bind(restaurant.id),
    ...countVisit(store, "branches", branchId, restaurant.id, visit),
  ]);
  return {
    restaurant: shownWithTerms(restaurant, brand, seller),
    branch: rows<BranchRow>(branch)[0] ?? null,
    menus: rows<MenuRow>(list),
    socials: rows<SocialRow>(socials),
  };
}

/** Categories of a menu of this restaurant (none for another restaurant's menu, like a Laravel `where`). */
export async function categories(env: Env, domain: string, menuId: number, visit: number) {
  const found = await catalogueOf(env, domain);
  if (!found) return { restaurant: null, categories: [] };
  const { restaurant, store } = found;
  const [list] = await store.batch([
    store
      .prepare(
        `SELECT c.* FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
       WHERE c.menu_id = ? AND b.restaurant_id = ? ORDER BY c.sort_num, c.id`,
      )
      .bind(menuId, restaurant.id),
    ...countVisit(store, "menus", menuId, restaurant.id, visit),
  ]);
  return { restaurant, categories: rows<MenuRow>(list) };
}

async function productsWhere(env: Env, domain: string, where: string, id: number, visit: [CountedTable, number] | null) {
  const found = await catalogueOf(env, domain);
  if (!found) return { restaurant: null, products: [], options: groupOptions([], "AED") };
  const { restaurant, store } = found;
  const scoped = `${where} AND b.restaurant_id = ?`;
  const [products, options] = await store.batch([
    store.prepare(productsSql(scoped)).bind(id, restaurant.id),
    store.prepare(optionsSql(scoped)).bind(id, restaurant.id),
    ...(visit ? countVisit(store, visit[0], id, restaurant.id, visit[1]) : []),
  ]);
  return {
    restaurant,
    products: rows<StoredProduct>(products).map((p) => majorPrices(p, restaurant.currency)),
    options: groupOptions(rows<OptionRow>(options), restaurant.currency),
  };
}

export const productsOfCategory = (env: Env, domain: string, categoryId: number, visit: number) =>
  productsWhere(env, domain, "p.category_id = ?", categoryId, ["categories", visit]);

export const productById = (env: Env, domain: string, productId: number, visit: number) =>
  productsWhere(env, domain, "p.id = ?", productId, ["products", visit]);

export const optionsOf = (env: Env, domain: string, productId: number) => productsWhere(env, domain, "p.id = ?", productId, null);

/** The restaurant shown for `domain` with its brand (the style call), or null. */
export async function style(env: Env, domain: string) {
  const found = await catalogueOf(env, domain);
  if (!found) return null;
  return withBrand(found.restaurant, await found.store.prepare(BRAND).bind(found.restaurant.id).first<BrandRow>());
}

/** Whether `domain` names a restaurant shown to this request (live, or the previewed draft). */
export const isShown = async (env: Env, domain: string) => (await shownRestaurant(env, domain)) !== null;

export async function socials(env: Env, domain: string) {
  const found = await catalogueOf(env, domain);
  if (!found) return { restaurant: null, socials: [] };
  const { restaurant, store } = found;
  const list = await store.prepare(SOCIALS).bind(restaurant.id).all<SocialRow>();
  return { restaurant, socials: list.results };
}

/**
 * A branch's products matching `filter` (with or without their options), with the restaurant that
 * owns the branch (whatever its state: the caller decides whether it is shown). `domain` (offers
 * call, new form) names the restaurant the caller expects; another's branch is then no branch.
 */
export async function productsOfBranch(
  env: Env,
  branchId: number,
  filter: "p.common = 1" | "p.is_new = 1" | "1 = 1",
  withOptions: boolean,
  domain: string | null = null,
) {
  // The GET calls carry a branch id, not always a domain: the directory knows whose branch it is
  // (a branch of another restaurant than the one named is then not in that one's catalogue: no branch).
  const owner = domain !== null ? await restaurantOfDomain(env, domain) : await restaurantOfBranch(env, branchId);
  if (!owner) return { branch: null, owner, products: [], options: groupOptions([], "AED") };
  const store = catalogueStore(env, owner);
  const where = `b.id = ? AND ${filter} AND b.restaurant_id = ?`;
  const [branch, products, options] = await store.batch([
    store.prepare("SELECT * FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, owner.id),
    store.prepare(productsSql(where)).bind(branchId, owner.id),
    ...(withOptions ? [store.prepare(optionsSql(where)).bind(branchId, owner.id)] : []),
  ]);
  return {
    branch: rows<BranchRow>(branch)[0] ?? null,
    owner,
    products: rows<StoredProduct>(products).map((p) => majorPrices(p, owner.currency)),
    options: groupOptions(rows<OptionRow>(options), owner.currency),
  };
}
