// A new restaurant's first branch and its empty "Menu", written in its object as sign-up makes it
// (worker/console/signup.ts): the branch's id was claimed in the directory, its zone is the country's.
import type { SqlStore } from "./sql-bridge";

export interface FirstBranch {
  id: number;
  name_en: string;
  name_ar: string;
  time_zone: string;
}

export async function openFirstBranch(db: SqlStore, restaurantId: number, branch: FirstBranch): Promise<void> {
  await db.batch([
    db
      .prepare("INSERT INTO branches (id, restaurant_id, name_en, name_ar, active_order, payment_mode, time_zone) VALUES (?, ?, ?, ?, 1, 'otp', ?)")
      .bind(branch.id, restaurantId, branch.name_en, branch.name_ar, branch.time_zone),
    db.prepare("INSERT INTO menus (branch_id, name_en, name_ar) VALUES (?, 'Menu', 'القائمة')").bind(branch.id),
  ]);
}
