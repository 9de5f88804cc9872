// The restaurant's seller row on the object (legal names, VAT number, address, VAT and service rates,
// tip presets), as the console's tax screen reads and saves it (worker/console/seller.ts). Scoped by
// the restaurant; saved as one upsert, so concurrent saves leave one of them, never a mix.
import type { SqlStore } from "./sql-bridge";

export interface SellerRow {
  legal_name_en: string | null;
  legal_name_ar: string | null;
  trn: string | null;
  address: string | null;
  vat_bp: number | null;
  service_bp: number;
  /** The tip presets as JSON (basis points), or null: no tips. */
  tips: string | null;
  /** A Saudi seller's commercial registration number and national address (JSON: street, building, district, city, postal_code). */
  crn?: string | null;
  national_address?: string | null;
}

/** The seller's row, or null while none was saved. */
export const sellerRow = (db: SqlStore, restaurantId: number) =>
  db
    .prepare("SELECT legal_name_en, legal_name_ar, trn, address, vat_bp, service_bp, tips, crn, national_address FROM seller WHERE restaurant_id = ?")
    .bind(restaurantId)
    .first<SellerRow>();

/** Saves the whole row. */
export async function saveSellerRow(db: SqlStore, restaurantId: number, s: SellerRow): Promise<void> {
  await db
    .prepare(
      `INSERT INTO seller (restaurant_id, legal_name_en, legal_name_ar, trn, address, vat_bp, service_bp, tips, crn, national_address)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
       ON CONFLICT (restaurant_id) DO UPDATE SET legal_name_en = ?2, legal_name_ar = ?3, trn = ?4, address = ?5, vat_bp = ?6, service_bp = ?7, tips = ?8,
       crn = ?9, national_address = ?10, updated_at = CURRENT_TIMESTAMP`,
    )
    .bind(restaurantId, s.legal_name_en, s.legal_name_ar, s.trn, s.address, s.vat_bp, s.service_bp, s.tips, s.crn ?? null, s.national_address ?? null)
    .run();
}
