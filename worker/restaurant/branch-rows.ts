// The console's reads and writes of the restaurant's branches (its list, one branch's settings, the
// check that ids are its own), on the object's rows. Every statement is scoped by the restaurant in
// its WHERE, so another restaurant's branch is no row. The console (worker/console/) calls them by name.
import type { SqlStore } from "./sql-bridge";

/** `null`: every branch of the restaurant (managers, owners); a list: only these (staff). */
export type BranchScope = readonly number[] | null;

/** The clause and its argument that keep a query to the scope's branches. */
export const scopeClause = (scope: BranchScope, column: string) =>
  scope === null ? { sql: "", args: [] as number[] } : { sql: ` AND ${column} IN (SELECT value FROM json_each(?))`, args: [JSON.stringify(scope)] };

export interface ConsoleBranch {
  id: number;
  name_en: string;
  name_ar: string;
  active_order: number;
  payment_mode: "otp" | "online" | "both";
  /** Its days and "sold out for today" (migrations/0013), and its pause on new orders (unix ms). */
  time_zone: string;
  paused_until: number | null;
  /** Its number of tables (null: not set; worker/rules/table-number.ts), the codes screen's default range. */
  tables: number | null;
}

/** The restaurant's branches (only the scope's), in the diner's order. */
export async function listBranches(db: SqlStore, restaurantId: number, scope: BranchScope = null): Promise<ConsoleBranch[]> {
  const only = scopeClause(scope, "id");
  const { results } = await db
    .prepare(
      `SELECT id, name_en, name_ar, active_order, payment_mode, time_zone, paused_until, tables FROM branches WHERE restaurant_id = ?${only.sql} ORDER BY sort_num, id`,
    )
    .bind(restaurantId, ...only.args)
    .all<ConsoleBranch>();
  return results;
}

/** True when every id is one of the restaurant's branches. */
export async function ownBranches(db: SqlStore, restaurantId: number, branchIds: readonly number[]): Promise<boolean> {
  if (branchIds.length === 0) return true;
  const row = await db
    .prepare("SELECT count(*) AS n FROM branches WHERE restaurant_id = ? AND id IN (SELECT value FROM json_each(?))")
    .bind(restaurantId, JSON.stringify([...new Set(branchIds)]))
    .first<{ n: number }>();
  return row?.n === new Set(branchIds).size;
}

/** The branch of the restaurant as the board's screens need it, or null when it is not the restaurant's. */
export const boardBranch = (db: SqlStore, restaurantId: number, branchId: number) =>
  db
    .prepare("SELECT id, time_zone, paused_until FROM branches WHERE id = ? AND restaurant_id = ?")
    .bind(branchId, restaurantId)
    .first<{ id: number; time_zone: string; paused_until: number | null }>();

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

export const branchSettingsRow = (db: SqlStore, restaurantId: number, branchId: number) =>
  db.prepare("SELECT * FROM branches WHERE id = ? AND restaurant_id = ?").bind(branchId, restaurantId).first<BranchSettingsRow>();

/** Saves every setting of the form at once; false when the branch is not (or no longer) the restaurant's. */
export async function saveBranchSettings(db: SqlStore, restaurantId: number, branchId: number, r: BranchSettingsChange): Promise<boolean> {
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
