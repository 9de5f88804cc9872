// A restaurant's catalogue rows as its object stores them (brand, seller's terms, branches, menus and
// categories, dishes, options, socials): the shapes the object's reads answer with, and the contract's
// answers are built from (worker/contract/rows.ts).

/** The restaurant's look, in its own object (`brand`, schema version 4, docs/decisions/0049). */
export interface BrandRow {
  logo: string | null;
  description_en: string | null;
  description_ar: string | null;
  style_primary: string | null;
  style_on_primary: string | null;
  style_secondary: string | null;
  style_on_secondary: string | null;
  style_background: string | null;
  style_on_background: string | null;
}
/** The seller's terms in its object (`seller`, schema version 6, docs/decisions/0053). */
export interface SellerRow {
  vat_bp: number | null;
  service_bp: number;
  tips: string | null;
}
export interface BranchRow {
  id: number;
  restaurant_id: number;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  address_en: string | null;
  address_ar: string | null;
  phone: string | null;
  mobile: string | null;
  active_order: number;
  payment_mode: string;
  image_offer: string | null;
  image_new: string | null;
  image_common: string | null;
  sort_num: number;
  num_visit: number;
  created_at: string;
  updated_at: string;
  /** The board's switches (migrations/0013): sent as extra fields, which the contract lets clients ignore. */
  time_zone: string;
  paused_until: number | null;
  /** Opening hours as JSON (migrations/0015), sent parsed as an extra field (null: always open). */
  opening_hours: string | null;
  /** Calls from tables, pickup orders and their preparation time (the object's schema 9 and 10): extra fields too. */
  service_calls: number;
  pickup: number;
  prep_minutes: number;
  /** The branch's number of tables (the object's schema 16; null: not set, tables 1 to 9999): an extra field too. */
  tables: number | null;
}
export interface NamedRow {
  id: number;
  name_en: string;
  name_ar: string;
  image: string | null;
  sort_num: number;
  num_visit: number;
  created_at: string;
  updated_at: string;
}
/** A menu or a category: a named row with when it is served (schema versions 5 and 8; JSON text or null). */
export interface MenuRow extends NamedRow {
  served?: string | null;
  /** A menu's categories that have windows of their own: a JSON array of {id, served} (the menus query's). */
  served_categories?: string | null;
}
/** A dish as the object stores it: its prices in the currency's minor units (schema version 7). */
export type StoredProduct = Omit<ProductRow, "price" | "price_offer"> & { price_minor: number; offer_minor: number };
export interface ProductRow {
  id: number;
  category_id: number;
  menu_id: number;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  image: string | null;
  price: number;
  price_offer: number;
  is_new: number;
  common: number;
  hidden: number;
  unavailable: number;
  sort_num: number;
  num_visit: number;
  created_at: string;
  updated_at: string;
  /** Sold out until this moment (unix ms), folded into `unavailable` in answers. */
  sold_out_until: number | null;
  /** Bit masks over worker/rules/dietary.ts (migrations/0016), sent as lists of names. */
  allergens: number;
  tags: number;
  /** 0: allergens never declared, sent as `allergens: null` (migrations/0018). */
  allergens_declared: number;
  /** Nutrition (the object's schema 17, worker/rules/nutrition.ts): kcal and caffeine (null: not given), 0/1 high salt. */
  calories: number | null;
  caffeine_mg: number | null;
  high_salt: number;
}
export interface OptionRow {
  id: number;
  product_id: number;
  name_en: string;
  name_ar: string;
  required: number;
  min_choices: number;
  max_choices: number;
  sub_id: number | null;
  sub_name_en: string | null;
  sub_name_ar: string | null;
  /** Minor units, as stored; answered in major units. */
  sub_price: number | null;
  /** The choice's kcal (schema 17; null: not given). */
  sub_calories: number | null;
}
export interface SocialRow {
  id: number;
  name: string | null;
  type: number;
  value: string;
  restaurant_id: number;
}
