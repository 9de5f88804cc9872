// A branch's settings as the console reads and saves them (/console/branches/:id): its row in the
// restaurant's catalogue, scoped by the restaurant in every statement (another's branch is no row).
import type { CatalogueStore } from "../restaurant/stub";

const TEXT_COLUMNS = ["name_en", "name_ar", "description_en", "description_ar", "address_en", "address_ar", "phone", "mobile"] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];

export interface BranchSettingsRow extends Record<TextColumn, string | null> {
  id: number;
  active_order: number;
  /** Diners at a table may call a waiter or ask for the bill (worker/restaurant/service-calls.ts). */
  service_calls: number;
  /** Pickup orders from the site, and the minutes a pickup order needs (worker/rules/pickup.ts). */
  pickup: number;
  prep_minutes: number;
  /** Its number of tables (null: not set, tables 1 to 9999; worker/rules/table-number.ts). */
  tables: number | null;
  payment_mode: string;
  time_zone: string;
  opening_hours: string | null;
}
export type BranchSettingsChange = Omit<BranchSettingsRow, "id">;

/** The branch of the restaurant as the board's screens need it, or null when it is not the restaurant's. */
export const consoleBranch = (db: CatalogueStore, restaurantId: number, branchId: number) =>
  db
    .prepare("SELECT id, time_zone, paused_until FROM branches WHERE id = ? AND restaurant_id = ?")
    .bind(branchId, restaurantId)
    .first<{ id: number; time_zone: string; paused_until: number | null }>();

export const branchSettingsOf = (db: CatalogueStore, restaurantId: number, branchId: number) =>
  db.prepare("SELECT * FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, restaurantId).first<BranchSettingsRow>();

/** Saves every setting of the form at once; false when the branch is not (or no longer) the restaurant's. */
export async function saveBranchSettings(db: CatalogueStore, restaurantId: number, branchId: number, r: BranchSettingsChange): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `UPDATE branches SET name_en = ?, name_ar = ?, description_en = ?, description_ar = ?, address_en = ?, address_ar = ?, phone = ?, mobile = ?,
     active_order = ?, service_calls = ?, pickup = ?, prep_minutes = ?, tables = ?, payment_mode = ?, time_zone = ?, opening_hours = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ? AND restaurant_id = ?`,
    )
    .bind(
      r.name_en,
      r.name_ar,
      r.description_en,
      r.description_ar,
      r.address_en,
      r.address_ar,
      r.phone,
      r.mobile,
      r.active_order,
      r.service_calls,
      r.pickup,
      r.prep_minutes,
      r.tables,
      r.payment_mode,
      r.time_zone,
      r.opening_hours,
      branchId,
      restaurantId,
    )
    .run();
  return meta.changes > 0;
}
