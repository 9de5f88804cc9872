// The embedded API's reads: one or two D1 statements per call, options fetched in one batch.
import type { BranchRow, NamedRow, OptionRow, ProductRow, RestaurantRow, SocialRow } from "./rows";
import { groupOptions } from "./rows";

const PRODUCT_COLUMNS = "p.*, c.menu_id AS menu_id";

export const activeRestaurant = (db: D1Database, domain: string) =>
  db.prepare("SELECT * FROM restaurants WHERE domain = ? AND is_active = 1").bind(domain).first<RestaurantRow>();

export const branchOf = (db: D1Database, restaurantId: number, branchId: number) =>
  db.prepare("SELECT * FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, restaurantId).first<BranchRow>();

/** A branch and its restaurant, when the restaurant is active (calls that carry no domain). */
export const activeBranch = (db: D1Database, branchId: number) =>
  db.prepare("SELECT b.*, r.domain AS domain FROM branches b JOIN restaurants r ON r.id = b.restaurant_id WHERE b.id = ? AND r.is_active = 1")
    .bind(branchId).first<BranchRow & { domain: string }>();

export async function branchesAndSocials(db: D1Database, restaurantId: number) {
  const [branches, socials] = await db.batch([
    db.prepare("SELECT * FROM branches WHERE restaurant_id = ? ORDER BY sort_num, id").bind(restaurantId),
    db.prepare("SELECT * FROM socials WHERE restaurant_id = ? ORDER BY type, id").bind(restaurantId),
  ]);
  return { branches: branches!.results as BranchRow[], socials: socials!.results as SocialRow[] };
}

export const socialsOf = async (db: D1Database, restaurantId: number) =>
  (await db.prepare("SELECT * FROM socials WHERE restaurant_id = ? ORDER BY type, id").bind(restaurantId).all<SocialRow>()).results;

export const menusOf = async (db: D1Database, branchId: number) =>
  (await db.prepare("SELECT * FROM menus WHERE branch_id = ? ORDER BY sort_num, id").bind(branchId).all<NamedRow & { branch_id: number }>()).results;

/** Categories of a menu of this restaurant (none for another restaurant's menu, like a Laravel `where`). */
export const categoriesOf = async (db: D1Database, restaurantId: number, menuId: number) =>
  (await db.prepare(
    "SELECT c.* FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE c.menu_id = ? AND b.restaurant_id = ? ORDER BY c.sort_num, c.id",
  ).bind(menuId, restaurantId).all<NamedRow & { menu_id: number }>()).results;

const optionsSql = (productFilter: string) =>
  `SELECT o.id, o.product_id, o.name_en, o.name_ar, s.id AS sub_id, s.name_en AS sub_name_en, s.name_ar AS sub_name_ar, s.price AS sub_price
   FROM options o LEFT JOIN sub_options s ON s.option_id = o.id
   WHERE o.product_id IN (${productFilter}) ORDER BY o.sort_num, o.id, s.sort_num, s.id`;

/** Products (with options) matched by `where`, in one round trip. */
async function productsWhere(db: D1Database, where: string, ...args: unknown[]) {
  const from = `FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE ${where}`;
  const [products, options] = await db.batch([
    db.prepare(`SELECT ${PRODUCT_COLUMNS} ${from} ORDER BY m.sort_num, c.sort_num, p.sort_num, p.id`).bind(...args),
    db.prepare(optionsSql(`SELECT p.id ${from}`)).bind(...args),
  ]);
  return { products: products!.results as ProductRow[], options: groupOptions(options!.results as OptionRow[]) };
}

export const productsOfCategory = (db: D1Database, restaurantId: number, categoryId: number) =>
  productsWhere(db, "p.category_id = ? AND b.restaurant_id = ?", categoryId, restaurantId);

export const productById = (db: D1Database, restaurantId: number, productId: number) =>
  productsWhere(db, "p.id = ? AND b.restaurant_id = ?", productId, restaurantId);

export const productsOfBranch = (db: D1Database, branchId: number, extra = "1 = 1") =>
  productsWhere(db, `b.id = ? AND ${extra}`, branchId);

export const countVisit = (db: D1Database, table: "branches" | "menus" | "categories" | "products", id: number) =>
  db.prepare(`UPDATE ${table} SET num_visit = num_visit + 1 WHERE id = ?`).bind(id).run();
