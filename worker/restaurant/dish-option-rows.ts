// A dish's option groups, choices, allergens and tags on the object's rows (docs/decisions/0024): read and saved
// scoped by the restaurant; one save is one batch (all or nothing). Choices keep their ids across
// saves, so diners' carts stay valid. The console (worker/console/dish-options.ts) parses the form,
// calls these by name and purges the tenant's cache.
import { allergenColumns, allergensOf, maskOf, namesOf, TAGS, type Allergen } from "../rules/dietary";
import { majorUnits, minorUnits } from "../rules/money";
import type { DishOptionsInput } from "../rules/dish-options-input";
import type { SqlStatement, SqlStore } from "./sql-bridge";

interface DishChoice {
  id: number | null;
  name_en: string;
  name_ar: string;
  price: number;
  /** kcal (schema 17; null: not given). */
  calories: number | null;
}
interface DishGroup {
  id: number | null;
  name_en: string;
  name_ar: string;
  required: boolean;
  min_choices: number;
  max_choices: number;
  choices: DishChoice[];
}
export interface DishEditor {
  product: { id: number; name_en: string; name_ar: string; price: number; price_offer: number; branch_id: number };
  groups: DishGroup[];
  /** null: never declared. */
  allergens: Allergen[] | null;
  tags: string[];
}

const OWNED_PRODUCT = `SELECT p.id, p.name_en, p.name_ar, p.price_minor, p.offer_minor, p.allergens, p.allergens_declared, p.tags, b.id AS branch_id
  FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
  WHERE p.id = ? AND b.restaurant_id = ?`;

/** The dish as the editor shows it (prices in major units of `currency`); null when it is not this restaurant's (the screen answers 404). */
export async function dishEditor(db: SqlStore, restaurantId: number, productId: number, currency: string): Promise<DishEditor | null> {
  const [product, rows] = await db.batch([
    db.prepare(OWNED_PRODUCT).bind(productId, restaurantId),
    db
      .prepare(
        `SELECT o.id, o.name_en, o.name_ar, o.required, o.min_choices, o.max_choices, s.id AS sub_id, s.name_en AS sub_name_en, s.name_ar AS sub_name_ar, s.price_minor, s.calories
       FROM options o LEFT JOIN sub_options s ON s.option_id = o.id WHERE o.product_id = (SELECT id FROM (${OWNED_PRODUCT}))
       ORDER BY o.sort_num, o.id, s.sort_num, s.id`,
      )
      .bind(productId, restaurantId),
  ]);
  const p = product!.results[0] as
    | (Omit<DishEditor["product"], "price" | "price_offer"> & {
        price_minor: number;
        offer_minor: number;
        allergens: number;
        allergens_declared: number;
        tags: number;
      })
    | undefined;
  if (!p) return null;
  const groups = new Map<number, DishGroup>();
  for (const r of rows!.results as {
    id: number;
    name_en: string;
    name_ar: string;
    required: number;
    min_choices: number;
    max_choices: number;
    sub_id: number | null;
    sub_name_en: string;
    sub_name_ar: string;
    price_minor: number;
    calories: number | null;
  }[]) {
    const group = groups.get(r.id) ?? {
      id: r.id,
      name_en: r.name_en,
      name_ar: r.name_ar,
      required: r.required === 1,
      min_choices: r.min_choices,
      max_choices: r.max_choices,
      choices: [],
    };
    groups.set(r.id, group);
    if (r.sub_id !== null)
      group.choices.push({ id: r.sub_id, name_en: r.sub_name_en, name_ar: r.sub_name_ar, price: majorUnits(r.price_minor, currency), calories: r.calories });
  }
  const { allergens, allergens_declared, tags, price_minor, offer_minor, ...rest } = p;
  const prices = { price: majorUnits(price_minor, currency), price_offer: majorUnits(offer_minor, currency) };
  return { product: { ...rest, ...prices }, groups: [...groups.values()], allergens: allergensOf(allergens, allergens_declared), tags: namesOf(tags, TAGS) };
}

/**
 * Saves the dish's groups in the order given: groups and choices with an id are updated (the id
 * must be this dish's, else nothing is written and the answer is "foreign"), those without are
 * added, and this dish's groups and choices left out are removed.
 */
export async function saveDishOptions(
  db: SqlStore,
  restaurantId: number,
  productId: number,
  input: DishOptionsInput,
  currency: string,
): Promise<"saved" | "gone" | "foreign"> {
  const current = await dishEditor(db, restaurantId, productId, currency);
  if (!current) return "gone";
  const groupIds = new Set(current.groups.map((g) => g.id));
  const choiceOf = new Map(current.groups.flatMap((g) => g.choices.map((c) => [c.id, g.id] as const)));
  for (const g of input.groups) {
    if (g.id !== null && !groupIds.has(g.id)) return "foreign";
    for (const c of g.choices) if (c.id !== null && (g.id === null || choiceOf.get(c.id) !== g.id)) return "foreign";
  }
  const keptGroups = JSON.stringify(input.groups.flatMap((g) => (g.id === null ? [] : [g.id])));
  const keptChoices = JSON.stringify(input.groups.flatMap((g) => g.choices.flatMap((c) => (c.id === null ? [] : [c.id]))));
  const declared = allergenColumns(input.allergens);
  const statements: SqlStatement[] = [
    db
      .prepare("UPDATE products SET allergens = ?, allergens_declared = ?, tags = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ?")
      .bind(declared.allergens, declared.allergens_declared, maskOf(input.tags, TAGS), productId),
    db
      .prepare("DELETE FROM sub_options WHERE option_id IN (SELECT id FROM options WHERE product_id = ?) AND id NOT IN (SELECT value FROM json_each(?))")
      .bind(productId, keptChoices),
    db.prepare("DELETE FROM options WHERE product_id = ? AND id NOT IN (SELECT value FROM json_each(?))").bind(productId, keptGroups),
  ];
  input.groups.forEach((g, sort) => {
    const rule = [g.name_en, g.name_ar, g.required ? 1 : 0, g.min_choices, g.max_choices, sort] as const;
    // A new group's choices find it as the dish's newest group (ids only grow within one batch).
    const groupId = g.id === null ? "(SELECT max(id) FROM options WHERE product_id = ?)" : "?";
    statements.push(
      g.id === null
        ? db
            .prepare("INSERT INTO options (product_id, name_en, name_ar, required, min_choices, max_choices, sort_num) VALUES (?, ?, ?, ?, ?, ?, ?)")
            .bind(productId, ...rule)
        : db
            .prepare(
              "UPDATE options SET name_en = ?, name_ar = ?, required = ?, min_choices = ?, max_choices = ?, sort_num = ? WHERE id = ? AND product_id = ?",
            )
            .bind(...rule, g.id, productId),
    );
    g.choices.forEach((c, order) => {
      statements.push(
        c.id === null
          ? db
              .prepare(`INSERT INTO sub_options (option_id, name_en, name_ar, price_minor, sort_num, calories) VALUES (${groupId}, ?, ?, ?, ?, ?)`)
              .bind(g.id ?? productId, c.name_en, c.name_ar, minorUnits(c.price, currency), order, c.calories)
          : db
              .prepare("UPDATE sub_options SET name_en = ?, name_ar = ?, price_minor = ?, sort_num = ?, calories = ? WHERE id = ?")
              .bind(c.name_en, c.name_ar, minorUnits(c.price, currency), order, c.calories, c.id),
      );
    });
  });
  await db.batch(statements);
  return "saved";
}
