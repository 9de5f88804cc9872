// The export: one CSV row per dish of a branch, in the diner's order, with the columns of columns.ts.
import type { RestaurantRef } from "../../restaurant/stub";
import { COLUMNS } from "../../rules/menu-csv/columns";
import { branchMenu } from "./branch-menu";
import { csvFile } from "../../rules/menu-csv/csv";

export async function exportMenuCsv(env: Env, tenant: RestaurantRef, branchId: number, currency: string): Promise<string> {
  const { menus, categories, dishes } = await branchMenu(env, tenant, branchId, currency);
  const menuById = new Map(menus.map((m) => [m.id, m]));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const rows = dishes.map((dish) => {
    const category = categoryById.get(dish.category_id)!;
    const menu = menuById.get(category.menu_id)!;
    const cell = (header: (typeof COLUMNS)[number]): string | number | null => {
      switch (header.header) {
        case "menu_en":
          return menu.name_en;
        case "menu_ar":
          return menu.name_ar;
        case "category_en":
          return category.name_en;
        case "category_ar":
          return category.name_ar;
        case "dish_id":
          return dish.id;
        default:
          return "db" in header ? dish[header.db] : null;
      }
    };
    return COLUMNS.map(cell);
  });
  return csvFile([COLUMNS.map((c) => c.header), ...rows]);
}
