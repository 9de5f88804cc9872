// The one list of allergens and dietary tags: D1 stores each as a bit mask (bit i = the i-th name,
// migrations/0016), answers and screens use the names. Append new names; never reorder.
/** The EU's 14 allergens (Regulation 1169/2011, Annex II). */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
/** Halal only where the restaurant states it (the console's checkbox says so). */
export const TAGS = ["vegetarian", "vegan", "spicy", "halal"] as const;
export type Allergen = (typeof ALLERGENS)[number];
export type Tag = (typeof TAGS)[number];

export const namesOf = <T extends string>(mask: number, list: readonly T[]): T[] => list.filter((_, i) => (mask & (1 << i)) !== 0);
export const maskOf = <T extends string>(names: readonly T[], list: readonly T[]) =>
  names.reduce((mask, name) => (list.indexOf(name) >= 0 ? mask | (1 << list.indexOf(name)) : mask), 0);

/** A dish's allergens as stored (migrations/0018): null when never declared, else the names ([]: none). */
export const allergensOf = (mask: number, declared: number): Allergen[] | null => (declared === 1 ? namesOf(mask, ALLERGENS) : null);
/** The two columns that store a dish's allergens (null: not declared). */
export const allergenColumns = (names: readonly Allergen[] | null) => ({
  allergens: names === null ? 0 : maskOf(names, ALLERGENS),
  allergens_declared: names === null ? 0 : 1,
});
