// Applying a menu import's plan on the object's rows: every menu, category and dish it creates or
// updates in ONE batch (one transaction: all or nothing); the console (worker/console/menu-csv/apply.ts)
// then purges the diner cache. New menus and categories get their ids here so the rows after them can
// point at them inside the same batch; a batch that fails is answered 409 (try again).
import { columnsOfCell } from "../rules/menu-csv/allergen-cell";
import { DISH_FIELDS, STORED_PRICE, type DishField } from "../rules/menu-csv/columns";
import type { ImportPlan, Place } from "../rules/menu-csv/plan";
import { minorUnits } from "../rules/money";
import type { SqlStatement, SqlStore } from "./sql-bridge";

export type ApplyResult = { ok: true; menus: number; categories: number; created: number; updated: number } | { ok: false; status: 409 | 422 };

type Value = string | number | null;
/**
 * A dish field as products columns: the allergens cell is two (allergen-cell.ts), a price its minor-unit
 * column (STORED_PRICE), every other one itself.
 */
const written = (field: DishField, value: Value, currency: string): [string, Value][] =>
  field === "allergens"
    ? Object.entries(columnsOfCell(value))
    : STORED_PRICE[field]
      ? [[STORED_PRICE[field], minorUnits(Number(value ?? 0), currency)]]
      : [[field, value]];

/** The plan's rows written in one batch (a plan with bad lines is refused: 422; a failed batch: 409, nothing written). */
export async function applyMenuImport(db: SqlStore, _restaurantId: number, branchId: number, plan: ImportPlan, currency: string): Promise<ApplyResult> {
  if (plan.errors.length) return { ok: false, status: 422 };
  const top = await db
    .prepare("SELECT (SELECT coalesce(max(id), 0) FROM menus) AS menu, (SELECT coalesce(max(id), 0) FROM categories) AS category")
    .first<{ menu: number; category: number }>();
  const menuIds = new Map(plan.menus.map((m, i) => [m.key, top!.menu + 1 + i]));
  const categoryIds = new Map(plan.categories.map((c, i) => [c.key, top!.category + 1 + i]));
  const categoryOf = (place: Place) => place.categoryId ?? categoryIds.get(place.categoryKey)!;

  const statements: SqlStatement[] = [];
  for (const m of plan.menus) {
    statements.push(
      db
        .prepare(
          "INSERT INTO menus (id, branch_id, name_en, name_ar, sort_num) VALUES (?, ?, ?, ?, (SELECT coalesce(max(sort_num) + 1, 0) FROM menus WHERE branch_id = ?))",
        )
        .bind(menuIds.get(m.key)!, branchId, m.name_en, m.name_ar, branchId),
    );
  }
  for (const c of plan.categories) {
    const menuId = c.menuId ?? menuIds.get(c.menuKey)!;
    statements.push(
      db
        .prepare(
          "INSERT INTO categories (id, menu_id, name_en, name_ar, sort_num) VALUES (?, ?, ?, ?, (SELECT coalesce(max(sort_num) + 1, 0) FROM categories WHERE menu_id = ?))",
        )
        .bind(categoryIds.get(c.key)!, menuId, c.name_en, c.name_ar, menuId),
    );
  }
  for (const dish of plan.creates) {
    const category = categoryOf(dish);
    const values = DISH_FIELDS.flatMap((f) => written(f.db, dish.values[f.db], currency));
    statements.push(
      db
        .prepare(
          `INSERT INTO products (category_id, ${values.map(([c]) => c).join(", ")}, sort_num) VALUES (?, ${values.map(() => "?").join(", ")}, (SELECT coalesce(max(sort_num) + 1, 0) FROM products WHERE category_id = ?))`,
        )
        .bind(category, ...values.map(([, value]) => value), category),
    );
  }
  for (const dish of plan.updates) {
    const set = (Object.entries(dish.set) as [DishField, Value][]).flatMap(([field, value]) => written(field, value, currency));
    // Scoped to the branch again: the plan's ids came from it, and the batch must not reach further.
    statements.push(
      db
        .prepare(
          `UPDATE products SET category_id = ?, ${set.map(([c]) => `${c} = ?, `).join("")}updated_at = CURRENT_TIMESTAMP
       WHERE id = ? AND category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ?)`,
        )
        .bind(categoryOf(dish), ...set.map(([, value]) => value), dish.id, branchId),
    );
  }
  if (statements.length) {
    try {
      await db.batch(statements);
    } catch (error) {
      console.error(JSON.stringify({ event: "menu_csv.apply_failed", message: String(error) }));
      return { ok: false, status: 409 };
    }
  }
  return { ok: true, menus: plan.menus.length, categories: plan.categories.length, created: plan.creates.length, updated: plan.updates.length };
}
