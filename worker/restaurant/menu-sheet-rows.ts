// A branch's menus, categories and dishes as the spreadsheet sees them (the export's rows, the import's
// "before"), read on the object's rows in the diner's order. The object holds only its restaurant's
// rows; the console (worker/console/menu-csv/branch-menu.ts) passes a branch already checked against the
// member's restaurant (chosenBranch). The columns are the spreadsheet's one list (rules/menu-csv/columns.ts).
import { cellOfColumns } from "../rules/menu-csv/allergen-cell";
import { DISH_FIELDS, STORED_PRICE } from "../rules/menu-csv/columns";
import type { BranchMenu, CategoryRow, DishRow, NamedRow } from "../rules/menu-csv/sheet";
import { currencyDigits } from "../rules/money";
import type { SqlStore } from "./sql-bridge";

/** `currency`: the restaurant's, whose minor units the prices are stored in (read here as major units). */
export async function branchMenuSheet(db: SqlStore, _restaurantId: number, branchId: number, currency: string): Promise<BranchMenu> {
  const scale = 10 ** currencyDigits(currency);
  const fields = DISH_FIELDS.map((f) => (STORED_PRICE[f.db] ? `p.${STORED_PRICE[f.db]} * 1.0 / ${scale} AS ${f.db}` : `p.${f.db}`)).join(", ");
  const [menus, categories, dishes] = await db.batch([
    db.prepare("SELECT id, name_en, name_ar FROM menus WHERE branch_id = ? ORDER BY sort_num, id").bind(branchId),
    db
      .prepare(
        "SELECT c.id, c.menu_id, c.name_en, c.name_ar FROM categories c JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ? ORDER BY m.sort_num, m.id, c.sort_num, c.id",
      )
      .bind(branchId),
    db
      .prepare(
        `SELECT p.id, p.category_id, ${fields}, p.allergens_declared FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
       WHERE m.branch_id = ? ORDER BY m.sort_num, m.id, c.sort_num, c.id, p.sort_num, p.id`,
      )
      .bind(branchId),
  ]);
  // The allergens cell is text ("" not declared, "none", "gluten;milk"), read from its two columns.
  const rows = (dishes!.results as (DishRow & { allergens_declared: number })[]).map(({ allergens_declared, ...d }) => ({
    ...d,
    allergens: cellOfColumns(Number(d.allergens), allergens_declared),
  }));
  return { menus: menus!.results as NamedRow[], categories: categories!.results as CategoryRow[], dishes: rows };
}
