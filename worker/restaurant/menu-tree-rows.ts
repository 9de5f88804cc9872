// What the menu editor shows for one branch, read on the object's rows: its menus, their categories
// and dishes with every field the forms edit, and the restaurant's colours for the diner's-card
// preview. Scoped by the restaurant; the console (worker/console/menu-tree.ts) calls them by name.
import type { ProductRow } from "./catalogue-rows";
import type { SqlStore } from "./sql-bridge";
import { readServed } from "../rules/hours-schema";
import type { MenuServed } from "../rules/menu-hours";
import { currencyDigits } from "../rules/money";

type EditorDish = Pick<
  ProductRow,
  | "id"
  | "category_id"
  | "name_en"
  | "name_ar"
  | "description_en"
  | "description_ar"
  | "image"
  | "price"
  | "price_offer"
  | "is_new"
  | "common"
  | "hidden"
  | "unavailable"
  | "calories"
  | "caffeine_mg"
  | "high_salt"
>;
interface EditorCategory {
  id: number;
  menu_id: number;
  name_en: string;
  name_ar: string;
  /** When it is served, inside its menu's windows (null: whenever its menu is). */
  served: MenuServed | null;
  dishes: EditorDish[];
}
/** `image`: the menu's tile picture on the diner's branch page (a stored path under /storage/). */
export interface EditorMenu {
  id: number;
  name_en: string;
  name_ar: string;
  image: string | null;
  /** When it is served (null: whenever the branch is open). */
  served: MenuServed | null;
  categories: EditorCategory[];
}

/** The branch's menus in the diner's order (null: not the restaurant's branch); prices in major units of `currency`. */
export async function menuTree(db: SqlStore, restaurantId: number, branchId: number, currency: string): Promise<EditorMenu[] | null> {
  const scale = 10 ** currencyDigits(currency);
  const [branch, menus, categories, dishes] = await db.batch([
    db.prepare("SELECT id FROM branches WHERE id = ?1 AND restaurant_id = ?2").bind(branchId, restaurantId),
    db
      .prepare(
        "SELECT m.id, m.name_en, m.name_ar, m.image, m.served FROM menus m WHERE m.branch_id = ?1 AND ?1 IN (SELECT id FROM branches WHERE restaurant_id = ?2) ORDER BY m.sort_num, m.id",
      )
      .bind(branchId, restaurantId),
    db
      .prepare(
        `SELECT c.id, c.menu_id, c.name_en, c.name_ar, c.served FROM categories c JOIN menus m ON m.id = c.menu_id
       WHERE m.branch_id = ?1 AND ?1 IN (SELECT id FROM branches WHERE restaurant_id = ?2) ORDER BY c.sort_num, c.id`,
      )
      .bind(branchId, restaurantId),
    db
      .prepare(
        `SELECT p.id, p.category_id, p.name_en, p.name_ar, p.description_en, p.description_ar, p.image,
              p.price_minor * 1.0 / ${scale} AS price, p.offer_minor * 1.0 / ${scale} AS price_offer,
              p.is_new, p.common, p.hidden, p.unavailable, p.calories, p.caffeine_mg, p.high_salt
       FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
       WHERE m.branch_id = ?1 AND ?1 IN (SELECT id FROM branches WHERE restaurant_id = ?2) ORDER BY p.sort_num, p.id`,
      )
      .bind(branchId, restaurantId),
  ]);
  if (!branch!.results.length) return null;
  const byCategory = new Map<number, EditorDish[]>();
  for (const d of dishes!.results as EditorDish[]) byCategory.set(d.category_id, [...(byCategory.get(d.category_id) ?? []), d]);
  const byMenu = new Map<number, EditorCategory[]>();
  for (const c of categories!.results as (Omit<EditorCategory, "dishes" | "served"> & { served: string | null })[])
    byMenu.set(c.menu_id, [...(byMenu.get(c.menu_id) ?? []), { ...c, served: readServed(c.served), dishes: byCategory.get(c.id) ?? [] }]);
  return (menus!.results as (Omit<EditorMenu, "categories" | "served"> & { served: string | null })[]).map((m) => ({
    ...m,
    served: readServed(m.served),
    categories: byMenu.get(m.id) ?? [],
  }));
}

/** The restaurant's own colours (as stored; the app cleans them for display). */
export const menuBrandStyle = (db: SqlStore, restaurantId: number) =>
  db
    .prepare(
      `SELECT style_primary AS "primary", style_on_primary AS "onPrimary", style_background AS "background", style_on_background AS "onBackground" FROM brand WHERE restaurant_id = ?`,
    )
    .bind(restaurantId)
    .first<{ primary: string | null; onPrimary: string | null; background: string | null; onBackground: string | null }>();
