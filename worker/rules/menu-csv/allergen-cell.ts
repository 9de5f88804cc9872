// The spreadsheet's `allergens` cell (docs/decisions/0028): empty = not declared, `none` =
// declared free of the 14, else names from worker/rules/dietary.ts separated by `;` (or `,`). The plan
// compares this text; only here does it become the two products columns and back.
import * as v from "valibot";
import { allergenColumns, allergensOf, ALLERGENS, type Allergen } from "../dietary";

const NONE = "none";

/** The cell's text in one spelling (the list's order, `;`), so "Milk, gluten" equals "gluten;milk". */
export const AllergenCell = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.transform((s) =>
    s === ""
      ? []
      : s
          .split(/[;,]/)
          .map((w) => w.trim())
          .filter((w) => w !== ""),
  ),
  v.check((words) => words.every((w) => w === NONE || (ALLERGENS as readonly string[]).includes(w)), "allergens"),
  v.check((words) => !words.includes(NONE) || words.every((w) => w === NONE), "allergens"),
  v.transform((words): string | null => (words.length === 0 ? null : words.includes(NONE) ? NONE : ALLERGENS.filter((a) => words.includes(a)).join(";"))),
);

/** D1's two columns as the cell's text (null: not declared). */
export function cellOfColumns(mask: number, declared: number): string | null {
  const names = allergensOf(mask, declared);
  return names === null ? null : names.length === 0 ? NONE : names.join(";");
}

/** The cell's text as D1's two columns. */
export function columnsOfCell(cell: string | number | null) {
  const names = cell === null || cell === "" ? null : cell === NONE ? [] : (String(cell).split(";") as Allergen[]);
  return allergenColumns(names);
}
