// The stores' rows and how the existing backend serialises them (extra fields included on purpose: the
// client must ignore them). `raw` is the shape of its raw-query calls: 0/1 flags, prices as text.
import { isSoldOut } from "../rules/availability";
import { readHours, readServed } from "../rules/hours-schema";
import { allergensOf, namesOf, TAGS } from "../rules/dietary";
import { defaultVatBp } from "../rules/vat";
import { currencyDigits, majorUnits } from "../rules/money";

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
const NO_BRAND: BrandRow = {
  logo: null,
  description_en: null,
  description_ar: null,
  style_primary: null,
  style_on_primary: null,
  style_secondary: null,
  style_on_secondary: null,
  style_background: null,
  style_on_background: null,
};
/** A restaurant as the catalogue's answers show it: the directory's row and its brand (none yet: no colours, no logo). */
export type ShownRestaurant = RestaurantRow & BrandRow;
export const withBrand = (restaurant: RestaurantRow, brand: Partial<BrandRow> | null | undefined): ShownRestaurant => ({
  ...restaurant,
  ...NO_BRAND,
  ...Object.fromEntries(Object.entries(brand ?? {}).filter(([k]) => k in NO_BRAND)),
});
/** The seller's terms in its object (`seller`, schema version 6, docs/decisions/0053). */
export interface SellerRow {
  vat_bp: number | null;
  service_bp: number;
  tips: string | null;
}
/** The terms diners' screens read (percentages): the country's VAT while none is set, no charge, no tips. */
export const sellerTerms = (country: string, seller: SellerRow | null | undefined) => ({
  vat_rate: (seller?.vat_bp ?? defaultVatBp(country)) / 100,
  service_rate: (seller?.service_bp ?? 0) / 100,
  tips: seller?.tips ? (JSON.parse(seller.tips) as number[]).map((bp) => bp / 100) : [],
});
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
/** A dish as the contract answers it: prices in major units (JSON numbers, docs/CONTRACT.md). */
export const majorPrices = ({ price_minor, offer_minor, ...p }: StoredProduct, currency: string): ProductRow => ({
  ...p,
  price: majorUnits(price_minor, currency),
  price_offer: majorUnits(offer_minor, currency),
});
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
}
export interface SocialRow {
  id: number;
  name: string | null;
  type: number;
  value: string;
  restaurant_id: number;
}

/** The selling terms a diner's screens show (sellerTerms): present on the branch list's and the menu's answers. */
type Terms = ReturnType<typeof sellerTerms>;

export const restaurantJson = (r: ShownRestaurant & Partial<Terms>) => ({
  id: r.id,
  name_en: r.name_en,
  name_ar: r.name_ar,
  description_en: r.description_en,
  description_ar: r.description_ar,
  logo: r.logo,
  currency: r.currency,
  domin: r.domain,
  isActive: r.is_active,
  QR: null,
  created_at: r.created_at,
  updated_at: r.updated_at,
  // The embedded API's addition: its country (ISO 3166), which the site reads phone numbers against.
  country: r.country,
  // The embedded API's additions: VAT included and a service charge (percentages), tip presets.
  ...(r.vat_rate === undefined ? {} : { vat_rate: r.vat_rate, service_rate: r.service_rate, tips: r.tips }),
});

export const styleJson = (r: ShownRestaurant) =>
  r.style_primary === null
    ? null
    : {
        primary: r.style_primary,
        onPrimary: r.style_on_primary,
        secondary: r.style_secondary,
        onSecondary: r.style_on_secondary,
        background: r.style_background,
        onBackground: r.style_on_background,
      };

export const branchJson = ({ sort_num, opening_hours, ...b }: BranchRow) => ({ ...b, opening_hours: readHours(opening_hours), sortNum: sort_num });

const namedJson = <R extends NamedRow>({ sort_num, ...row }: R) => ({ ...row, sortNum: sort_num });

/** A category as answered: `served` (an extra field the contract lets clients ignore) parsed, null when it has none. */
export const categoryJson = ({ served_categories, ...row }: MenuRow) => ({ ...namedJson(row), served: readServed(row.served ?? null) });

/** A menu as answered: its `served`, and `served_categories` — the categories with windows of their own (extras, like `served`). */
export const menuJson = (row: MenuRow) => ({
  ...categoryJson(row),
  served_categories: (JSON.parse(row.served_categories ?? "[]") as { id: number; served: unknown }[]).flatMap(({ id, served }) => {
    const parsed = readServed(served);
    return parsed ? [{ id, served: parsed }] : [];
  }),
});

export const socialJson = (s: SocialRow) => ({ id: s.id, name: s.name, type: s.type, value: s.value, restaurant_id: s.restaurant_id });

type SubOptionJson = { id: number; option_id: number; name_en: string; name_ar: string; price: number };
/** A group as answered: the rules (migrations/0016) are extra fields the contract lets clients ignore. */
type OptionJson = {
  id: number;
  product_id: number;
  name_en: string;
  name_ar: string;
  required: boolean;
  min_choices: number;
  max_choices: number;
  subOption: SubOptionJson[];
};

/** Options of many products, grouped by product id, each with its sub-options (prices in major units of `currency`). */
export function groupOptions(rows: OptionRow[], currency: string) {
  const byProduct = new Map<number, OptionJson[]>();
  const byId = new Map<number, OptionJson>();
  for (const row of rows) {
    let option = byId.get(row.id);
    if (!option) {
      const created: OptionJson = {
        id: row.id,
        product_id: row.product_id,
        name_en: row.name_en,
        name_ar: row.name_ar,
        required: row.required === 1,
        min_choices: row.min_choices,
        max_choices: row.max_choices,
        subOption: [],
      };
      byId.set(row.id, created);
      const list = byProduct.get(row.product_id) ?? [];
      list.push(created);
      byProduct.set(row.product_id, list);
      option = created;
    }
    if (row.sub_id !== null) {
      option.subOption.push({
        id: row.sub_id,
        option_id: row.id,
        name_en: row.sub_name_en ?? "",
        name_ar: row.sub_name_ar ?? "",
        price: majorUnits(row.sub_price ?? 0, currency),
      });
    }
  }
  return byProduct;
}

type Options = ReturnType<typeof groupOptions>;

/** The dietary masks as lists of names (extra fields, like the rules); undeclared allergens are null, not []. */
const dietaryJson = (p: ProductRow) => ({ allergens: allergensOf(p.allergens ?? 0, p.allergens_declared ?? 0), tags: namesOf(p.tags ?? 0, TAGS) });

export function productJson(p: ProductRow, options: Options, now = Date.now()) {
  const { is_new, sort_num, sold_out_until: _, allergens_declared: _declared, ...rest } = p;
  return {
    ...rest,
    ...dietaryJson(p),
    new: is_new === 1,
    common: p.common === 1,
    hidden: p.hidden === 1,
    unavailable: isSoldOut(p, now),
    sortNum: sort_num,
    option: options.get(p.id) ?? [],
  };
}

/** getProductCommon/getProductNew come from raw queries: 0/1 flags and DECIMAL prices as text (the currency's decimals). */
export function productRawJson(p: ProductRow, currency: string, now = Date.now()) {
  const { is_new, sort_num, sold_out_until: _, allergens_declared: _declared, ...rest } = p;
  return {
    ...rest,
    ...dietaryJson(p),
    new: is_new,
    unavailable: isSoldOut(p, now) ? 1 : 0,
    price: p.price.toFixed(currencyDigits(currency)),
    price_offer: p.price_offer.toFixed(currencyDigits(currency)),
    sortNum: sort_num,
  };
}
