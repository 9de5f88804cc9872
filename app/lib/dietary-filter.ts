// The product list's dietary filter: chips kept in the URL (`?diet=vegan,no-nuts`, like `?view=`),
// so the server renders the filtered list and nothing shifts after load. Only the product list's
// loader runs these rules; the page gets the list and the chips' links. An allergen filter ("No
// gluten") keeps only dishes whose allergens were declared (null: never declared, docs/decisions/0028).
import type { Allergen, Tag } from "../../worker/rules/dietary";

type Dish = { allergens: Allergen[] | null; tags: Tag[] };
/** A filter either asks the tags, or is "free of" some allergens (which needs a declaration). */
type Rule = { tags: Tag[] } | { freeOf: Allergen[] };
const RULES = {
  vegetarian: { tags: ["vegetarian", "vegan"] },
  vegan: { tags: ["vegan"] },
  "no-nuts": { freeOf: ["nuts", "peanuts"] },
  "no-gluten": { freeOf: ["gluten"] },
  "no-milk": { freeOf: ["milk"] },
} as const satisfies Record<string, Rule>;
export type DietFilter = keyof typeof RULES;
export const DIET_FILTERS = Object.keys(RULES) as DietFilter[];

/** Whether the filter asks about allergens, so an undeclared dish cannot pass it. */
const needsAllergens = (f: DietFilter) => "freeOf" in RULES[f];
/** Whether a dish suits one filter: the list's rule, and the structured data's diets (./structured-data.server.ts). */
export const suitsDiet = (p: Dish, f: DietFilter) => {
  const rule: Rule = RULES[f];
  if ("tags" in rule) return rule.tags.some((t) => p.tags.includes(t));
  return p.allergens !== null && !rule.freeOf.some((a) => p.allergens!.includes(a));
};

/** The filters the URL names (unknown words are ignored). */
export const dietFromSearch = (search: string): DietFilter[] => {
  const words = new URLSearchParams(search).getAll("diet").flatMap((v) => v.split(","));
  return DIET_FILTERS.filter((n) => words.includes(n));
};

/** The URL's query with one filter turned on or off (other parameters, like `view`, kept). */
export function toggleDiet(search: string, filter: DietFilter): string {
  const params = new URLSearchParams(search);
  const on = dietFromSearch(search);
  const next = on.includes(filter) ? on.filter((f) => f !== filter) : [...on, filter];
  if (next.length > 0) params.set("diet", DIET_FILTERS.filter((n) => next.includes(n)).join(","));
  else params.delete("diet");
  const query = params.toString();
  return query ? `?${query}` : "?";
}

const keepsDiet = <P extends Dish>(products: P[], filters: DietFilter[]) => products.filter((p) => filters.every((f) => suitsDiet(p, f)));

/**
 * The list under the filters, and how many dishes it leaves out only because their allergens are not
 * declared (they pass every tag filter, and an allergen filter is on), for the line that says so.
 */
export function dietView<P extends Dish>(products: P[], filters: DietFilter[]) {
  const kept = keepsDiet(products, filters);
  const asksAllergens = filters.some(needsAllergens);
  const undeclared = asksAllergens ? products.filter((p) => p.allergens === null && filters.every((f) => needsAllergens(f) || suitsDiet(p, f))).length : 0;
  return { products: kept, undeclared };
}
