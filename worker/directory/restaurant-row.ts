// The restaurant's row in the directory (D1 `restaurants`) as every store reads it: what crosses
// restaurants and every call reads first. The contract's answers are built from it (worker/contract/rows.ts).

/** The restaurant's row in the directory (D1 `restaurants`): what crosses restaurants and every call reads first. */
export interface RestaurantRow {
  id: number;
  domain: string;
  name_en: string;
  name_ar: string;
  currency: string;
  is_active: number;
  stripe_account_id: string | null;
  created_at: string;
  updated_at: string;
  /** Diner codes by SMS a day (migrations/0023); not part of any answer. */
  sms_daily_budget: number;
  /** ISO 3166-1 alpha-2, for reading diners' phone numbers (migrations/0008); not part of any answer. */
  country: string;
}
/** The directory's columns of RestaurantRow, as the directory reads them (its old brand columns left out). */
export const RESTAURANT_COLUMNS = "id, domain, name_en, name_ar, currency, is_active, stripe_account_id, created_at, updated_at, sms_daily_budget, country";
