// What a picture is for: a dish, a category or a menu (capability "menu") or the restaurant's logo
// ("branches"). Every query is scoped by the member's restaurant, so another restaurant's id is
// indistinguishable from one that does not exist.
import type { CatalogueStore } from "../restaurant/stub";
import * as v from "valibot";
import type { Capability } from "../rules/roles";

export const Target = v.pipe(
  v.string(),
  v.regex(/^(?:logo|(?:dish|category|menu):[1-9]\d{0,9})$/, "target must be logo, dish:{id}, category:{id} or menu:{id}"),
  v.transform((text) => {
    const [kind, id] = text.split(":") as [Kind, string | undefined];
    return { kind, id: Number(id ?? 0), text };
  }),
);
export type Target = v.InferOutput<typeof Target>;
type Kind = "logo" | "dish" | "category" | "menu";

// The row's restaurant, through its menu's branch (`?2` is the restaurant id; `?1` the row id below).
const DISH_SCOPE = `category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id
  JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?2)`;
const OWNED: Record<Kind, { table: string; column: string; where: string }> = {
  logo: { table: "brand", column: "logo", where: "restaurant_id = ?2 AND ?1 = 0" },
  menu: { table: "menus", column: "image", where: "id = ?1 AND branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?2)" },
  category: {
    table: "categories",
    column: "image",
    where: "id = ?1 AND menu_id IN (SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?2)",
  },
  dish: { table: "products", column: "image", where: `id = ?1 AND ${DISH_SCOPE}` },
};

export const capabilityFor = (target: Target): Capability => (target.kind === "logo" ? "branches" : "menu");

/** The target's current picture path (null: none yet), or undefined when it is not the restaurant's. */
export async function currentPicture(db: CatalogueStore, restaurantId: number, target: Target): Promise<string | null | undefined> {
  const { table, column, where } = OWNED[target.kind];
  const row = await db.prepare(`SELECT ${column} AS image FROM ${table} WHERE ${where}`).bind(target.id, restaurantId).first<{ image: string | null }>();
  return row ? row.image : undefined;
}

/** Points the target at the stored picture; false when the row is not (or no longer) the restaurant's. */
export async function setPicture(db: CatalogueStore, restaurantId: number, target: Target, key: string): Promise<boolean> {
  const { table, column, where } = OWNED[target.kind];
  const result = await db.prepare(`UPDATE ${table} SET ${column} = ?3, updated_at = CURRENT_TIMESTAMP WHERE ${where}`).bind(target.id, restaurantId, key).run();
  return result.meta.changes > 0;
}

/** The restaurant's dishes' pictures by dish id (for the console's thumbnails). */
export async function dishPictures(db: CatalogueStore, restaurantId: number): Promise<Record<number, string>> {
  const { results } = await db
    .prepare(`SELECT id, image FROM products WHERE image IS NOT NULL AND ${DISH_SCOPE.replace("?2", "?1")}`)
    .bind(restaurantId)
    .all<{ id: number; image: string }>();
  return Object.fromEntries(results.map((r) => [r.id, r.image]));
}
