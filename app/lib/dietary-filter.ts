// The product list's dietary filter: chips kept in the URL (`?diet=vegan,no-nuts`, like `?view=`),
// so the server renders the filtered list and nothing shifts after load.
import type { Allergen, Tag } from "../../worker/api/dietary";

type Dish = { allergens: Allergen[]; tags: Tag[] };
export const DIET_FILTERS = {
  vegetarian: (p: Dish) => p.tags.includes("vegetarian") || p.tags.includes("vegan"),
  vegan: (p: Dish) => p.tags.includes("vegan"),
  "no-nuts": (p: Dish) => !p.allergens.includes("nuts") && !p.allergens.includes("peanuts"),
  "no-gluten": (p: Dish) => !p.allergens.includes("gluten"),
  "no-milk": (p: Dish) => !p.allergens.includes("milk"),
} as const;
export type DietFilter = keyof typeof DIET_FILTERS;
const NAMES = Object.keys(DIET_FILTERS) as DietFilter[];

/** The filters the URL names (unknown words are ignored). */
export const dietFromSearch = (search: string): DietFilter[] => {
  const words = new URLSearchParams(search).getAll("diet").flatMap((v) => v.split(","));
  return NAMES.filter((n) => words.includes(n));
};

/** The URL's query with one filter turned on or off (other parameters, like `view`, kept). */
export function toggleDiet(search: string, filter: DietFilter): string {
  const params = new URLSearchParams(search);
  const on = dietFromSearch(search);
  const next = on.includes(filter) ? on.filter((f) => f !== filter) : [...on, filter];
  if (next.length > 0) params.set("diet", NAMES.filter((n) => next.includes(n)).join(","));
  else params.delete("diet");
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export const keepsDiet = <P extends Dish>(products: P[], filters: DietFilter[]) => products.filter((p) => filters.every((f) => DIET_FILTERS[f](p)));
