// The menu spreadsheet's columns: ONE list, read by the export, the import's validation and plan, and
// the documentation tables (the import page, docs/console.md). A new dish column (allergens, tags…) is one entry
// here with its `products` column and kind.
import * as v from "valibot";
import { AllergenCell } from "./allergen-cell";
import { MAX_DESCRIPTION, MAX_NAME, MAX_PRICE, PRICE_PATTERN } from "../menu-rules";
import { plainLines, plainText } from "../plain-text";
import { MAX_CAFFEINE_MG, MAX_KCAL } from "../nutrition";

export type Kind = "text" | "long-text" | "price" | "flag" | "id" | "allergens" | "kcal" | "caffeine";
type Level = "menu" | "category" | "dish";

export interface Column {
  header: string;
  level: Level;
  kind: Kind;
  /** The products column a dish column reads and writes (menu and category names are matched, not written). */
  db?: string;
}

export const COLUMNS = [
  { header: "menu_en", level: "menu", kind: "text" },
  { header: "menu_ar", level: "menu", kind: "text" },
  { header: "category_en", level: "category", kind: "text" },
  { header: "category_ar", level: "category", kind: "text" },
  { header: "dish_id", level: "dish", kind: "id" },
  { header: "name_en", level: "dish", kind: "text", db: "name_en" },
  { header: "name_ar", level: "dish", kind: "text", db: "name_ar" },
  { header: "description_en", level: "dish", kind: "long-text", db: "description_en" },
  { header: "description_ar", level: "dish", kind: "long-text", db: "description_ar" },
  { header: "price", level: "dish", kind: "price", db: "price" },
  { header: "offer_price", level: "dish", kind: "price", db: "price_offer" },
  { header: "new", level: "dish", kind: "flag", db: "is_new" },
  { header: "popular", level: "dish", kind: "flag", db: "common" },
  { header: "hidden", level: "dish", kind: "flag", db: "hidden" },
  { header: "unavailable", level: "dish", kind: "flag", db: "unavailable" },
  // Two products columns (allergens, allergens_declared) behind one cell: allergen-cell.ts.
  { header: "allergens", level: "dish", kind: "allergens", db: "allergens" },
  // Nutrition (docs/decisions/0070): whole numbers within ../nutrition.ts's bounds, empty = not given.
  { header: "calories", level: "dish", kind: "kcal", db: "calories" },
  { header: "caffeine_mg", level: "dish", kind: "caffeine", db: "caffeine_mg" },
  { header: "high_salt", level: "dish", kind: "flag", db: "high_salt" },
] as const satisfies readonly Column[];

export type Header = (typeof COLUMNS)[number]["header"];
/** The dish columns that map to a products column (what an update may change). */
export const DISH_FIELDS = COLUMNS.filter((c): c is Extract<(typeof COLUMNS)[number], { db: string }> => "db" in c);
export type DishField = (typeof DISH_FIELDS)[number]["db"];
/** The stored column of each price field: minor units of the restaurant's currency (schema version 7). */
export const STORED_PRICE: Partial<Record<DishField, string>> = { price: "price_minor", price_offer: "offer_minor" };

/** Each pair needs at least one of its two languages in every row. */
export const NAME_PAIRS = [
  ["menu_en", "menu_ar"],
  ["category_en", "category_ar"],
  ["name_en", "name_ar"],
] as const;
/** Columns a file must have (besides one of each NAME_PAIRS). */
export const REQUIRED: readonly Header[] = ["price"];

// The editor's rule (../../rules/menu-rules.ts): names and descriptions as long, prices as precise.
const MAX_TEXT = MAX_NAME;
const MAX_LONG_TEXT = MAX_DESCRIPTION;

/** A whole number from 0 to `max`, or empty (null: not given); anything else is `code`. */
const wholeUpTo = (max: number, code: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === "" || (/^\d{1,5}$/.test(s) && Number(s) <= max), code),
    v.transform((s) => (s === "" ? null : Number(s))),
  );
/** How a cell of each kind is read: the stored value, or an issue whose message is the import's error code. */
const FLAG_WORDS: Record<string, 0 | 1> = { "": 0, "0": 0, "1": 1, yes: 1, no: 0, true: 1, false: 0 };
export const CELL: Record<Kind, v.GenericSchema<string, string | number | null>> = {
  // Names on one line, descriptions may keep line breaks: the one text rule (../../rules/plain-text.ts).
  text: v.pipe(v.string(), v.trim(), v.maxLength(MAX_TEXT, "too-long"), plainText("text-invalid")),
  "long-text": v.pipe(v.string(), v.trim(), v.maxLength(MAX_LONG_TEXT, "too-long"), plainLines("text-invalid")),
  price: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === "" || PRICE_PATTERN.test(s), "price"),
    v.transform((s) => (s === "" ? 0 : Number(s))),
    v.maxValue(MAX_PRICE, "price"),
  ),
  flag: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.check((s) => s in FLAG_WORDS, "flag"),
    v.transform((s) => FLAG_WORDS[s]!),
  ),
  id: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{0,12}$/, "dish-id"),
    v.transform((s) => (s === "" ? null : Number(s))),
  ),
  allergens: AllergenCell,
  kcal: wholeUpTo(MAX_KCAL, "calories"),
  caffeine: wholeUpTo(MAX_CAFFEINE_MG, "caffeine"),
};
