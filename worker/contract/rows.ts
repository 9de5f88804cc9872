// The stores' rows and how the existing backend serialises them (extra fields included on purpose: the
// client must ignore them). `raw` is the shape of its raw-query calls: 0/1 flags, prices as text.
import { isSoldOut } from "../rules/availability";
import type { CardMethod } from "../rules/card-methods";
import { readHours, readServed } from "../rules/hours-schema";
import { allergensOf, namesOf, TAGS } from "../rules/dietary";
import { defaultVatBp } from "../rules/vat";
import { currencyDigits, majorUnits } from "../rules/money";
import type { RestaurantRow } from "../directory/restaurant-row";
import type { BrandRow, BranchRow, MenuRow, NamedRow, OptionRow, ProductRow, SellerRow, SocialRow, StoredProduct } from "../restaurant/catalogue-rows";

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
/** The terms diners' screens read (percentages): the country's VAT while none is set, no charge, no tips. */
export const sellerTerms = (country: string, seller: SellerRow | null | undefined) => ({
  vat_rate: (seller?.vat_bp ?? defaultVatBp(country)) / 100,
  service_rate: (seller?.service_bp ?? 0) / 100,
  tips: seller?.tips ? (JSON.parse(seller.tips) as number[]).map((bp) => bp / 100) : [],
});
/** A dish as the contract answers it: prices in major units (JSON numbers, docs/CONTRACT.md). */
export const majorPrices = ({ price_minor, offer_minor, ...p }: StoredProduct, currency: string): ProductRow => ({
  ...p,
  price: majorUnits(price_minor, currency),
  price_offer: majorUnits(offer_minor, currency),
});
/** The selling terms a diner's screens show (sellerTerms): present on the branch list's and the menu's answers. */
type Terms = ReturnType<typeof sellerTerms>;

export const restaurantJson = (r: ShownRestaurant & Partial<Terms>, card?: { step: number; methods: readonly CardMethod[] }) => ({
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
  // And how its card payments go here (docs/decisions/0079): the step, in minor units, of every amount it
  // charges, and the methods its diners pay with.
  ...(card ? { charge_step: card.step, card_methods: card.methods } : {}),
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

/** A choice as answered; `calories` (kcal, null: not given) is an extra field (docs/decisions/0070). */
type SubOptionJson = { id: number; option_id: number; name_en: string; name_ar: string; price: number; calories: number | null };
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
        calories: row.sub_calories ?? null,
      });
    }
  }
  return byProduct;
}

type Options = ReturnType<typeof groupOptions>;

/** The dietary masks as lists of names (extra fields, like the rules); undeclared allergens are null, not []. */
const dietaryJson = (p: ProductRow) => ({ allergens: allergensOf(p.allergens ?? 0, p.allergens_declared ?? 0), tags: namesOf(p.tags ?? 0, TAGS) });
/** Nutrition (extra fields, docs/decisions/0070): kcal and caffeine as given (null: not), high salt as a boolean. */
const nutritionJson = (p: ProductRow) => ({ calories: p.calories ?? null, caffeine_mg: p.caffeine_mg ?? null, high_salt: p.high_salt === 1 });

export function productJson(p: ProductRow, options: Options, now = Date.now()) {
  const { is_new, sort_num, sold_out_until: _, allergens_declared: _declared, ...rest } = p;
  return {
    ...rest,
    ...dietaryJson(p),
    ...nutritionJson(p),
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
    ...nutritionJson(p),
    new: is_new,
    unavailable: isSoldOut(p, now) ? 1 : 0,
    price: p.price.toFixed(currencyDigits(currency)),
    price_offer: p.price_offer.toFixed(currencyDigits(currency)),
    sortNum: sort_num,
  };
}
