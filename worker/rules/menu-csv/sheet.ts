// A branch's menus, categories and dishes as the spreadsheet sees them: what the export writes and the
// import compares with (the object's rows read by worker/restaurant/menu-sheet-rows.ts).
import type { DishField } from "./columns";

export interface NamedRow {
  id: number;
  name_en: string;
  name_ar: string;
}
export interface CategoryRow extends NamedRow {
  menu_id: number;
}
export type DishRow = { id: number; category_id: number } & Record<DishField, string | number | null>;
export interface BranchMenu {
  menus: NamedRow[];
  categories: CategoryRow[];
  dishes: DishRow[];
}
