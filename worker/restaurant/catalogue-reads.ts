// The embedded API's catalogue reads on the restaurant's object: each call's rows (the branch, its
// menus, categories, dishes and their options, the brand, socials and selling terms) read in ONE
// operation, with the visit counter bumped in the same transaction. Every statement filters on the
// restaurant's id, so another restaurant's ids simply match nothing. worker/contract/queries.ts calls
// these by name once the directory named the restaurant.
import type { BrandRow, BranchRow, MenuRow, OptionRow, SellerRow, SocialRow, StoredProduct } from "./catalogue-rows";
import type { SqlStore } from "./sql-bridge";
import { countVisit, type CountedTable } from "./visit-rows";

type Result = { results: unknown[] } | undefined;
const rows = <T>(result: Result) => (result?.results ?? []) as T[];

const BRANCH = "SELECT * FROM branches WHERE id = ? AND restaurant_id = ?";
const SOCIALS = "SELECT * FROM socials WHERE restaurant_id = ? ORDER BY type, id";
const BRAND = "SELECT * FROM brand WHERE restaurant_id = ?";
const SELLER = "SELECT vat_bp, service_bp, tips FROM seller WHERE restaurant_id = ?";

const PRODUCTS_FROM = "FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id";
/** Products matched by `where` (sorted like the backend: menu, category, then the product's sortNum). */
const productsSql = (where: string) => `SELECT p.*, c.menu_id AS menu_id ${PRODUCTS_FROM} WHERE ${where} ORDER BY m.sort_num, c.sort_num, p.sort_num, p.id`;
/** Options and sub-options of the same products, in one statement (no N+1), grouped by the caller. */
const optionsSql = (where: string) =>
  `SELECT o.id, o.product_id, o.name_en, o.name_ar, o.required, o.min_choices, o.max_choices, s.id AS sub_id, s.name_en AS sub_name_en, s.name_ar AS sub_name_ar, s.price_minor AS sub_price, s.calories AS sub_calories
   FROM options o LEFT JOIN sub_options s ON s.option_id = o.id
   WHERE o.product_id IN (SELECT p.id ${PRODUCTS_FROM} WHERE ${where}) ORDER BY o.sort_num, o.id, s.sort_num, s.id`;

/** A branch of the restaurant, or null. */
export const branchRow = (db: SqlStore, restaurantId: number, branchId: number) => db.prepare(BRANCH).bind(branchId, restaurantId).first<BranchRow>();

/** Every branch of the restaurant, its socials, brand and selling terms. */
export async function dinerBranches(db: SqlStore, restaurantId: number) {
  const [list, socials, brand, seller] = await db.batch([
    db.prepare("SELECT * FROM branches WHERE restaurant_id = ? ORDER BY sort_num, id").bind(restaurantId),
    db.prepare(SOCIALS).bind(restaurantId),
    db.prepare(BRAND).bind(restaurantId),
    db.prepare(SELLER).bind(restaurantId),
  ]);
  return { branches: rows<BranchRow>(list), socials: rows<SocialRow>(socials), brand: rows<BrandRow>(brand)[0], seller: rows<SellerRow>(seller)[0] };
}

/**
 * A menu diners see has a dish they can see (docs/decisions/0061): the empty "Menu" made at sign-up, or one
 * whose dishes are all hidden, is not listed, so its page is a 404 and the branch's home goes without it.
 */
const HAS_DISH = "EXISTS (SELECT 1 FROM categories c JOIN products p ON p.category_id = c.id WHERE c.menu_id = m.id AND p.hidden = 0)";

/** A branch, its menus diners see (with their categories' own windows), socials, brand and terms; a visit (1) is counted. */
export async function dinerMenus(db: SqlStore, restaurantId: number, branchId: number, visit: number) {
  const [branch, list, socials, brand, seller] = await db.batch([
    db.prepare(BRANCH).bind(branchId, restaurantId),
    db
      .prepare(
        `SELECT m.*, (SELECT json_group_array(json_object('id', c.id, 'served', json(c.served))) FROM categories c
          WHERE c.menu_id = m.id AND c.served IS NOT NULL) AS served_categories
         FROM menus m WHERE m.branch_id = (SELECT id FROM branches WHERE id = ? AND restaurant_id = ?) AND ${HAS_DISH} ORDER BY m.sort_num, m.id`,
      )
      .bind(branchId, restaurantId),
    db.prepare(SOCIALS).bind(restaurantId),
    db.prepare(BRAND).bind(restaurantId),
    db.prepare(SELLER).bind(restaurantId),
    ...countVisit(db, "branches", branchId, restaurantId, visit),
  ]);
  return {
    branch: rows<BranchRow>(branch)[0] ?? null,
    menus: rows<MenuRow>(list),
    socials: rows<SocialRow>(socials),
    brand: rows<BrandRow>(brand)[0],
    seller: rows<SellerRow>(seller)[0],
  };
}

/** Categories of a menu of this restaurant (none for another restaurant's menu, like a Laravel `where`); a visit (1) is counted. */
export async function dinerCategories(db: SqlStore, restaurantId: number, menuId: number, visit: number) {
  const [list] = await db.batch([
    db
      .prepare(
        `SELECT c.* FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
       WHERE c.menu_id = ? AND b.restaurant_id = ? ORDER BY c.sort_num, c.id`,
      )
      .bind(menuId, restaurantId),
    ...countVisit(db, "menus", menuId, restaurantId, visit),
  ]);
  return rows<MenuRow>(list);
}

/** Which products a diner's call asks for: a category's, or one product (counted as a visit of it, or not). */
const PRODUCTS_BY = {
  category: { where: "p.category_id = ?", counted: "categories" },
  product: { where: "p.id = ?", counted: "products" },
  options: { where: "p.id = ?", counted: null },
} as const satisfies Record<string, { where: string; counted: CountedTable | null }>;

/** The products (and their options' rows) of a category or one product of the restaurant; a visit (1) is counted. */
export async function dinerProducts(db: SqlStore, restaurantId: number, by: keyof typeof PRODUCTS_BY, id: number, visit: number) {
  const { where, counted } = PRODUCTS_BY[by];
  const scoped = `${where} AND b.restaurant_id = ?`;
  const [products, options] = await db.batch([
    db.prepare(productsSql(scoped)).bind(id, restaurantId),
    db.prepare(optionsSql(scoped)).bind(id, restaurantId),
    ...(counted ? countVisit(db, counted, id, restaurantId, visit) : []),
  ]);
  return { products: rows<StoredProduct>(products), options: rows<OptionRow>(options) };
}

/** The restaurant's brand row, or null. */
export const restaurantBrand = (db: SqlStore, restaurantId: number) => db.prepare(BRAND).bind(restaurantId).first<BrandRow>();

/** The restaurant's socials. */
export const restaurantSocials = async (db: SqlStore, restaurantId: number) => (await db.prepare(SOCIALS).bind(restaurantId).all<SocialRow>()).results;

/** Which of a branch's products the offers, new and catalogue calls ask for. */
const BRANCH_FILTER = { common: "p.common = 1", new: "p.is_new = 1", all: "1 = 1" } as const;
export type BranchFilter = keyof typeof BRANCH_FILTER;

/** A branch of the restaurant and its products matching `filter` (with their options' rows, or none). */
export async function branchProducts(db: SqlStore, restaurantId: number, branchId: number, filter: BranchFilter, withOptions: boolean) {
  const where = `b.id = ? AND ${BRANCH_FILTER[filter]} AND b.restaurant_id = ?`;
  const [branch, products, options] = await db.batch([
    db.prepare(BRANCH).bind(branchId, restaurantId),
    db.prepare(productsSql(where)).bind(branchId, restaurantId),
    ...(withOptions ? [db.prepare(optionsSql(where)).bind(branchId, restaurantId)] : []),
  ]);
  return { branch: rows<BranchRow>(branch)[0] ?? null, products: rows<StoredProduct>(products), options: rows<OptionRow>(options) };
}

/** The owner's review link (a high rating's answer points there), or null. */
export const reviewLink = async (db: SqlStore, restaurantId: number) =>
  (await db.prepare("SELECT review_url FROM brand WHERE restaurant_id = ?").bind(restaurantId).first<{ review_url: string | null }>())?.review_url ?? null;
