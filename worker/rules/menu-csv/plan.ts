// The import's dry run: a CSV text against the branch's current menu gives what would be created,
// updated (field by field) and left unchanged, every bad row with its physical line, and each new dish
// whose name is already a dish's. Applying (apply.ts) writes exactly this plan, and only when it has no
// errors, or when the person chose to skip the bad lines (`applicable`); duplicates are skipped unless
// the person chose to create them.
import * as v from "valibot";
import { CELL, COLUMNS, DISH_FIELDS, NAME_PAIRS, REQUIRED, type DishField, type Header } from "./columns";
import type { BranchMenu, DishRow } from "./sheet";
import { fromFormulaSafe, parseCsv } from "./csv";
import { chargeStep, fitsCurrency, isOnChargeStep } from "../money";
import { validOffer } from "../offer-price";

/** At most this many dish rows per file (the header aside). */
export const MAX_ROWS = 2000;

type ErrorCode =
  | "unclosed-quote"
  | "after-quote"
  | "empty"
  | "unknown-column"
  | "repeated-column"
  | "missing-column"
  | "cells"
  | "too-long"
  | "text-invalid"
  | "price"
  | "price-step"
  | "flag"
  | "dish-id"
  | "name-missing"
  | "menu-missing"
  | "category-missing"
  | "price-missing"
  | "offer-not-below"
  | "dish-not-in-branch"
  | "dish-repeated"
  | "allergens"
  | "calories"
  | "caffeine";
export interface ImportError {
  line: number;
  code: ErrorCode;
  column?: string;
  value?: string;
}

type Value = string | number | null;
interface Names {
  name_en: string;
  name_ar: string;
}
interface NewMenu extends Names {
  key: string;
}
interface NewCategory extends Names {
  key: string;
  menuKey: string;
  menuId: number | null;
  menu: Names;
}
/** Where a dish goes: an existing category, or one the plan creates. */
export interface Place {
  categoryId: number | null;
  categoryKey: string;
  menu: Names;
  category: Names;
}
/** `duplicateOf`: a dish of the branch (or a line above in the file) with the same name, English or Arabic. */
interface DishCreate extends Place {
  line: number;
  values: Record<DishField, Value>;
  duplicateOf?: { id: number | null; line: number | null; name: Names };
}
export interface Change {
  field: Header | "category";
  from: Value;
  to: Value;
}
interface DishUpdate extends Place {
  line: number;
  id: number;
  name: Names;
  set: Partial<Record<DishField, Value>>;
  changes: Change[];
}
export interface ImportPlan {
  rows: number;
  menus: NewMenu[];
  categories: NewCategory[];
  creates: DishCreate[];
  updates: DishUpdate[];
  unchanged: { line: number; id: number; name: Names }[];
  errors: ImportError[];
  /** The file itself is unreadable (a quote never closed, a bad header): no line can be applied. */
  fatal: boolean;
}

/** A new dish's values for the columns a file leaves out (allergens: not declared; kcal and caffeine: not given). */
const DEFAULTS: Record<(typeof DISH_FIELDS)[number]["kind"], Value> = {
  text: "",
  "long-text": null,
  price: 0,
  flag: 0,
  allergens: null,
  kcal: null,
  caffeine: null,
};
/** A menu or category is found by its English name (case aside), else by its Arabic one. */
const nameKey = (n: Names) => (n.name_en ? `en:${n.name_en.toLowerCase()}` : `ar:${n.name_ar}`);
const same = (a: Value, b: Value) => (a ?? "") === (b ?? "") || (typeof a === "number" && typeof b === "number" && Math.abs(a - b) < 1e-9);

const empty = (rows = 0): ImportPlan => ({ rows, menus: [], categories: [], creates: [], updates: [], unchanged: [], errors: [], fatal: false });
/** A dish's names as the duplicate check compares them: English case aside, Arabic as written. */
const dishKeys = (n: Names) =>
  [n.name_en.trim() ? `en:${n.name_en.trim().toLowerCase()}` : "", n.name_ar.trim() ? `ar:${n.name_ar.trim()}` : ""].filter(Boolean);

/** `currency`: the restaurant's; a price with more decimals than it takes, or off its charge `step` (docs/decisions/0079), is the cell's problem. */
export function planImport(text: string, current: BranchMenu, currency: string, step = chargeStep(currency)): { tooManyRows: true; rows: number } | ImportPlan {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ...empty(), errors: [{ line: parsed.line, code: parsed.problem }], fatal: true };
  const [head, ...records] = parsed.records;
  if (records.length > MAX_ROWS) return { tooManyRows: true, rows: records.length };
  const plan = empty(records.length);
  if (!head) return { ...plan, errors: [{ line: 1, code: "empty" }], fatal: true };

  // The header: known names only, each once; price and one of each name pair present.
  const at = new Map<Header, number>();
  head.cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    const column = COLUMNS.find((c) => c.header === name);
    if (!column) plan.errors.push({ line: head.line, code: "unknown-column", column: raw.slice(0, 40) });
    else if (at.has(column.header)) plan.errors.push({ line: head.line, code: "repeated-column", column: column.header });
    else at.set(column.header, i);
  });
  for (const header of REQUIRED) if (!at.has(header)) plan.errors.push({ line: head.line, code: "missing-column", column: header });
  for (const [en, ar] of NAME_PAIRS) if (!at.has(en) && !at.has(ar)) plan.errors.push({ line: head.line, code: "missing-column", column: `${en} / ${ar}` });
  if (plan.errors.length) return { ...plan, fatal: true };
  if (!records.length) return { ...plan, errors: [{ line: head.line + 1, code: "empty" }], fatal: true };

  const dishes = new Map(current.dishes.map((d) => [d.id, d]));
  const menusByKey = new Map<string, number>();
  for (const m of current.menus) for (const key of [nameKey(m), `ar:${m.name_ar}`]) if (!menusByKey.has(key)) menusByKey.set(key, m.id);
  const categoriesByKey = new Map<string, number>();
  for (const c of current.categories)
    for (const key of [nameKey(c), `ar:${c.name_ar}`]) if (!categoriesByKey.has(`${c.menu_id}|${key}`)) categoriesByKey.set(`${c.menu_id}|${key}`, c.id);
  const seenIds = new Set<number>();
  const newMenus = new Map<string, NewMenu>();
  const newCategories = new Map<string, NewCategory>();
  // Every name a dish of the branch has, then those the file's new dishes take, line by line.
  const taken = new Map<string, { id: number | null; line: number | null; name: Names }>();
  for (const d of current.dishes) {
    const name = { name_en: String(d.name_en ?? ""), name_ar: String(d.name_ar ?? "") };
    for (const key of dishKeys(name)) if (!taken.has(key)) taken.set(key, { id: d.id, line: null, name });
  }

  for (const record of records) {
    const errors: ImportError[] = [];
    const fail = (code: ErrorCode, column?: string, value?: string) => errors.push({ line: record.line, code, column, value: value?.slice(0, 40) });
    // Extra cells are refused unless empty (a spreadsheet's trailing commas).
    if (record.cells.slice(head.cells.length).some((c) => c.trim() !== "")) fail("cells");
    const row = new Map<Header, Value>();
    for (const [header, i] of at) {
      const column = COLUMNS.find((c) => c.header === header)!;
      const raw = record.cells[i] ?? "";
      const cell = v.safeParse(CELL[column.kind], column.kind === "text" || column.kind === "long-text" ? fromFormulaSafe(raw) : raw);
      if (cell.success && column.kind === "price" && !fitsCurrency(cell.output as number, currency)) fail("price", header, raw);
      // 1.234 KWD: off the card networks' 10-fils step, as the editor refuses it (docs/decisions/0060).
      else if (cell.success && column.kind === "price" && !isOnChargeStep(cell.output as number, currency, step)) fail("price-step", header, raw);
      else if (cell.success) row.set(header, cell.output);
      else fail(cell.issues[0].message as ErrorCode, header, raw);
    }
    const text = (h: Header) => (row.get(h) as string | undefined) ?? "";
    const menu = { name_en: text("menu_en"), name_ar: text("menu_ar") };
    const category = { name_en: text("category_en"), name_ar: text("category_ar") };
    const name = { name_en: text("name_en"), name_ar: text("name_ar") };
    if (!errors.length) {
      if (!menu.name_en && !menu.name_ar) fail("menu-missing");
      if (!category.name_en && !category.name_ar) fail("category-missing");
      if (!name.name_en && !name.name_ar) fail("name-missing");
      if ((record.cells[at.get("price")!] ?? "").trim() === "") fail("price-missing", "price");
    }
    const id = row.get("dish_id") as number | null | undefined;
    const existing: DishRow | undefined = id ? dishes.get(id) : undefined;
    if (!errors.length && id) {
      if (!existing) fail("dish-not-in-branch", "dish_id", String(id));
      else if (seenIds.has(id)) fail("dish-repeated", "dish_id", String(id));
      seenIds.add(id);
    }
    // The dish's values: this row's columns over what it has now (an update) or the defaults (a new dish).
    const values = {} as Record<DishField, Value>;
    for (const field of DISH_FIELDS) values[field.db] = row.has(field.header) ? row.get(field.header)! : existing ? existing[field.db] : DEFAULTS[field.kind];
    const price = values.price as number;
    const offer = values.price_offer as number;
    if (!errors.length && !validOffer(price, offer)) fail("offer-not-below", "offer_price", String(offer));
    if (errors.length) {
      plan.errors.push(...errors);
      continue;
    }

    // Where it goes: a menu and category matched by name within the branch, else new ones.
    const menuKey = nameKey(menu);
    const menuId = menusByKey.get(menuKey) ?? null;
    if (menuId === null && !newMenus.has(menuKey)) newMenus.set(menuKey, { key: menuKey, ...menu });
    const categoryKey = `${menuId ?? menuKey}|${nameKey(category)}`;
    const categoryId = menuId === null ? null : (categoryInMenu(categoriesByKey, menuId, category) ?? null);
    if (categoryId === null && !newCategories.has(categoryKey)) newCategories.set(categoryKey, { key: categoryKey, menuKey, menuId, menu, ...category });
    const place: Place = { categoryId, categoryKey, menu, category };

    if (!existing) {
      const keys = dishKeys(name);
      const duplicateOf = keys.map((key) => taken.get(key)).find(Boolean);
      for (const key of keys) if (!taken.has(key)) taken.set(key, { id: null, line: record.line, name });
      plan.creates.push({ line: record.line, values, ...place, ...(duplicateOf ? { duplicateOf } : {}) });
      continue;
    }
    const changes: Change[] = [];
    const set: Partial<Record<DishField, Value>> = {};
    for (const field of DISH_FIELDS) {
      if (!row.has(field.header) || same(existing[field.db], values[field.db])) continue;
      changes.push({ field: field.header, from: existing[field.db], to: values[field.db] });
      set[field.db] = values[field.db];
    }
    if (categoryId !== existing.category_id) {
      const before = current.categories.find((c) => c.id === existing.category_id)!;
      const beforeMenu = current.menus.find((m) => m.id === before.menu_id)!;
      changes.push({ field: "category", from: placeLabel(beforeMenu, before), to: placeLabel(menu, category) });
    }
    const dishName = { name_en: String(values.name_en ?? ""), name_ar: String(values.name_ar ?? "") };
    if (changes.length) plan.updates.push({ line: record.line, id: existing.id, name: dishName, set, changes, ...place });
    else plan.unchanged.push({ line: record.line, id: existing.id, name: dishName });
  }
  plan.menus = [...newMenus.values()];
  plan.categories = [...newCategories.values()];
  return plan;
}

const categoryInMenu = (byKey: Map<string, number>, menuId: number, category: Names) => byKey.get(`${menuId}|${nameKey(category)}`);
const placeLabel = (menu: Names, category: Names) => `${menu.name_en || menu.name_ar} › ${category.name_en || category.name_ar}`;

/** What the person chose on the dry run's report: skip the bad lines; create or skip the duplicates. */
export interface ApplyChoices {
  skipBad: boolean;
  duplicates: "create" | "skip";
}

/**
 * The part of `plan` that Apply writes, or null when it may not be applied: a fatal problem, or bad
 * lines not chosen to be skipped. Skipped duplicates take the new menus and categories only they
 * needed with them.
 */
export function applicable(plan: ImportPlan, choices: ApplyChoices): ImportPlan | null {
  if (plan.fatal || (plan.errors.length && !choices.skipBad)) return null;
  const creates = choices.duplicates === "skip" ? plan.creates.filter((c) => !c.duplicateOf) : plan.creates;
  const places = [...creates, ...plan.updates];
  const categories = plan.categories.filter((c) => places.some((p) => p.categoryId === null && p.categoryKey === c.key));
  const menus = plan.menus.filter((m) => categories.some((c) => c.menuId === null && c.menuKey === m.key));
  return { ...plan, creates, categories, menus, errors: [] };
}
