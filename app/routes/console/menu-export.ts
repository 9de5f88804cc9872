// GET /console/menu/export.csv?branch=: a branch's menu as a spreadsheet, one row per dish (resource route).
import type { Route } from "./+types/menu-export";
import { loadMenuExport } from "./menu-export.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMenuExport(request, context);
}
