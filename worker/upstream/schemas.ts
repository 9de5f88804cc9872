// valibot schemas for the restaurant API's answers. They accept the existing backend's quirks
// (0/1 or "0"/"1" booleans, prices as numeric strings, nulls, extra fields) and normalise them,
// so the rest of the app sees one clean shape whatever backend answered.
import * as v from "valibot";
import { CARD_METHODS } from "../rules/card-methods";
import { MenuServed, OpeningHours } from "../rules/hours-schema";
import { isTimeZone } from "../rules/local-time";
import { ALLERGENS, TAGS } from "../rules/dietary";
import { DEFAULT_RULE } from "../rules/option-rules";
import { MAX_TABLE } from "../rules/table-number";
import { MAX_CAFFEINE_MG, MAX_KCAL } from "../rules/nutrition";

/** true/false, 0/1 or "0"/"1" → boolean; missing or null → false. */
const flag = v.optional(
  v.pipe(
    v.nullable(v.union([v.boolean(), v.number(), v.string()])),
    v.transform((x) => x === true || x === 1 || x === "1" || x === "true"),
  ),
  false,
);

/** A price as number or numeric string; null/missing → 0. A non-numeric string fails. */
const money = v.optional(
  v.pipe(
    v.nullable(v.union([v.number(), v.pipe(v.string(), v.trim(), v.decimal())])),
    v.transform((x) => (x === null ? 0 : Number(x))),
    v.finite(),
    v.minValue(0),
  ),
  0,
);

/** An id as the backends send it: a number or its digits. */
export const id = v.pipe(v.union([v.number(), v.pipe(v.string(), v.digits())]), v.transform(Number), v.integer());
const optionalId = v.optional(v.nullable(id), null);
/** Free text that may be null or absent. */
const text = v.optional(v.nullable(v.string()), null);
const name = v.optional(
  v.pipe(
    v.nullable(v.string()),
    v.transform((x) => x ?? ""),
  ),
  "",
);

/**
 * The embedded API's nutrition (docs/decisions/0070): a whole number within the bound, else (absent, null,
 * a fraction, out of bounds) not given: a backend without the fields still parses, and no page shows a
 * number it could not trust.
 */
const wholeUpTo = (max: number) => v.fallback(v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max))), null), null);
const SubOption = v.object({ id, name_en: name, name_ar: name, price: money, calories: wholeUpTo(MAX_KCAL) });
/** A count of choices; anything else falls back to the default. */
const choices = (fallback: number) => v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)), fallback), fallback);
/**
 * The embedded API's option rules (extra fields, migrations/0016). An external backend sends none,
 * so its groups stay what the spec says: optional, one choice at most. Inconsistent rules are
 * evened out (required ⇔ at least one choice; min ≤ max; max ≥ 1) rather than refused.
 */
const rules = {
  required: v.fallback(v.optional(v.boolean(), DEFAULT_RULE.required), DEFAULT_RULE.required),
  min_choices: choices(DEFAULT_RULE.min_choices),
  max_choices: choices(DEFAULT_RULE.max_choices),
};
const evenRules = <T extends { required: boolean; min_choices: number; max_choices: number }>(o: T): T => {
  const max = Math.max(1, o.max_choices);
  const min = o.required ? Math.min(max, Math.max(1, o.min_choices)) : 0;
  return { ...o, required: min > 0, min_choices: min, max_choices: max };
};
const Option = v.pipe(
  v.object({
    id,
    name_en: name,
    name_ar: name,
    ...rules,
    subOption: v.optional(v.array(SubOption), []),
  }),
  v.transform(evenRules),
);

/** A list of known tags; unknown names are dropped, anything else reads as none. */
const names = <T extends string>(list: readonly T[]) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.array(v.string()),
        v.transform((xs) => list.filter((n) => xs.includes(n))),
      ),
      [],
    ),
    [],
  );

/**
 * A dish's allergens (migrations/0018): a list is what the backend declared ([]: none of them);
 * missing, null or anything else is "not declared". A name we do not know (a misspelling, another
 * list) makes the whole declaration unknown, so "No gluten" never trusts a list it could not read.
 */
const allergens = v.fallback(
  v.optional(
    v.nullable(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(ALLERGENS))),
        v.transform((xs) => ALLERGENS.filter((n) => xs.includes(n))),
      ),
    ),
    null,
  ),
  null,
);

export const Product = v.object({
  id,
  category_id: optionalId,
  menu_id: optionalId,
  name_en: name,
  name_ar: name,
  description_en: text,
  description_ar: text,
  image: text,
  price: money,
  price_offer: money,
  new: flag,
  common: flag,
  hidden: flag,
  unavailable: flag,
  option: v.optional(v.nullable(v.array(Option)), null),
  // The embedded API's dietary facts (migrations/0016, 0018); other backends send none: not declared.
  allergens,
  tags: names(TAGS),
  // The embedded API's nutrition (docs/decisions/0070); other backends send none: not given, not high in salt.
  calories: wholeUpTo(MAX_KCAL),
  caffeine_mg: wholeUpTo(MAX_CAFFEINE_MG),
  high_salt: flag,
});

const Restaurant = v.object({
  id,
  name_en: name,
  name_ar: name,
  description_en: text,
  description_ar: text,
  logo: text,
  currency: text,
  // The embedded API's addition: the restaurant's country, which its phone numbers are read against
  // (worker/rules/e164.ts); a backend without it is read as the UAE, the contract's first market.
  country: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), "AE"), "AE"),
  // The embedded API's selling terms (worker/contract/rows.ts `sellerTerms`): VAT included in the prices
  // and a service charge (percentages), tip presets for card payments. Other backends: no VAT shown, no tips.
  vat_rate: v.fallback(v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0), 0),
  service_rate: v.fallback(v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0), 0),
  tips: v.fallback(v.optional(v.pipe(v.array(v.pipe(v.number(), v.minValue(1), v.maxValue(100))), v.maxLength(4)), []), []),
  // The embedded API's card terms (docs/decisions/0079): the step of every amount it charges (1, or 10 in a
  // three-decimal currency paid through Stripe) and the methods its diners pay with. Other backends: none
  // said: the currency's step (app/routes/tenant/branch.server.ts) and no methods named.
  charge_step: v.fallback(v.optional(v.picklist([1, 10])), undefined),
  card_methods: v.fallback(v.optional(v.pipe(v.array(v.picklist(CARD_METHODS)), v.maxLength(CARD_METHODS.length)), []), []),
});

const Branch = v.object({
  id,
  name_en: name,
  name_ar: name,
  description_en: text,
  description_ar: text,
  address_en: text,
  address_ar: text,
  phone: text,
  mobile: text,
  active_order: flag,
  payment_mode: v.optional(v.picklist(["otp", "online", "both"]), "otp"),
  image_offer: text,
  image_new: text,
  image_common: text,
  // The embedded API's own extras (the board's pause, migrations/0013); other backends send neither.
  paused_until: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), null),
  // A zone this runtime does not know reads as none (the default's clock), never a page that cannot render.
  time_zone: v.fallback(
    v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.maxLength(64),
          v.check((zone: string) => isTimeZone(zone)),
        ),
      ),
      null,
    ),
    null,
  ),
  // Opening hours (migrations/0015): unreadable ones are dropped (always open) rather than failing the page.
  opening_hours: v.optional(v.fallback(v.nullable(OpeningHours), null), null),
  // Diners at a table may call a waiter or ask for the bill (the embedded API's, decision 0055); others: never.
  service_calls: flag,
  // Pickup orders and their preparation time in minutes (the embedded API's, decision 0055); others: none.
  pickup: flag,
  prep_minutes: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(240)), 20), 20),
  // The branch's number of tables (the embedded API's, decision 0062); absent or unreadable: tables 1 to 9999.
  tables: v.fallback(v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_TABLE))), null), null),
});

const Style = v.nullable(
  v.object({
    primary: text,
    onPrimary: text,
    secondary: text,
    onSecondary: text,
    background: text,
    onBackground: text,
  }),
);

export const Social = v.object({ id: optionalId, name: text, type: id, value: text });
// When it is served (the embedded API's extras, worker/rules/menu-hours.ts): unreadable = none (served
// whenever open); a menu lists its categories with windows of their own (a list bounded at 200).
const served = v.optional(v.fallback(v.nullable(MenuServed), null), null);
const servedCategories = v.optional(v.fallback(v.pipe(v.array(v.object({ id, served: MenuServed })), v.maxLength(200)), []), []);
const Menu = v.object({ id, name_en: name, name_ar: name, image: text, served, served_categories: servedCategories });
export const Category = v.object({ id, name_en: name, name_ar: name, image: text, served });

const list = <T extends v.GenericSchema>(item: T) => v.array(item);

export const BranchesData = v.object({
  restaurant: Restaurant,
  branch: list(Branch),
  style: v.optional(Style, null),
  social: v.optional(v.array(Social), []),
});
export const MenuData = v.object({
  restaurant: Restaurant,
  branch: Branch,
  menu: list(Menu),
  style: v.optional(Style, null),
  social: v.optional(v.array(Social), []),
});
export const OffersData = v.object({
  offer: v.optional(list(Product), []),
  new: v.optional(list(Product), []),
  common: v.optional(list(Product), []),
  image_offer: text,
  image_new: text,
  image_common: text,
});
export const OptionsData = list(
  v.pipe(v.object({ NameOption_en: name, NameOption_ar: name, ...rules, subOption: v.optional(v.array(SubOption), []) }), v.transform(evenRules)),
);
export const StyleData = v.object({ restaurant: v.optional(v.nullable(Restaurant), null), style: v.optional(Style, null) });

/** The success envelope; `data` is checked by the call's own schema. */
export const Envelope = v.object({ data: v.unknown() });

export type Product = v.InferOutput<typeof Product>;
export type Social = v.InferOutput<typeof Social>;
export type Category = v.InferOutput<typeof Category>;
export type BranchesData = v.InferOutput<typeof BranchesData>;
export type MenuData = v.InferOutput<typeof MenuData>;
export type OffersData = v.InferOutput<typeof OffersData>;

// Ordering answers (docs/CONTRACT.md "Ordering calls").
const OrderItem = v.object({
  product: v.object({ id, name_en: name, name_ar: name, image: text }),
  price: money,
  amount: v.pipe(v.number(), v.integer()),
  note: text,
  option: v.optional(
    v.array(v.object({ name_en: name, name_ar: name, sub_option: v.nullable(v.object({ id: optionalId, name_en: name, name_ar: name, price: money })) })),
    [],
  ),
});
/** An amount the embedded API adds to an order; anything else (or nothing) reads as 0. */
const extraMoney = v.fallback(v.optional(v.pipe(v.number(), v.minValue(0)), 0), 0);
const NO_INVOICES = { invoice: null, credit_note: null, receipt: false };
export const Order = v.pipe(
  v.object({
    id,
    num_order: v.union([v.number(), v.string()]),
    price: money,
    note: text,
    created_at: text,
    status: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.digits())]), v.transform(Number)), 0),
    // The embedded API's unguessable id, naming the order's live-status channel; other backends
    // have none (their orders are simply not live). Anything but 32 hex digits is dropped.
    public_id: v.fallback(v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/))), null), null),
    orderProdeuct: v.optional(v.array(OrderItem)),
    order_products: v.optional(v.array(OrderItem)),
    // The embedded API's card orders: `payment` "online" with `paid` 0 is waiting for the provider's word.
    payment: v.fallback(v.optional(v.string()), undefined),
    paid: v.fallback(v.optional(v.union([v.number(), v.boolean()])), undefined),
    // The embedded API's cancelled card orders: the refund, done or on its way (DEMO: the demo provider's record).
    refund: v.fallback(
      v.optional(v.nullable(v.object({ status: v.picklist(["succeeded", "pending"]), amount: v.pipe(v.number(), v.minValue(0)), demo: v.boolean() })), null),
      null,
    ),
    // The embedded API's money beside the total (major units; other backends: none) and its tax documents' numbers.
    vat: extraMoney,
    vat_rate: extraMoney,
    service_charge: extraMoney,
    tip: extraMoney,
    // `receipt`: the sale's document shows no VAT (a receipt, docs/decisions/0060); absent → a tax invoice.
    invoices: v.fallback(
      v.optional(v.object({ invoice: v.nullable(id), credit_note: v.nullable(id), receipt: v.optional(v.boolean(), false) }), NO_INVOICES),
      NO_INVOICES,
    ),
    // The embedded API's pickup orders: when it is collected (unix ms); null: not a pickup order.
    pickup_at: v.fallback(v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), null), null),
    // The embedded API's ratings (decision 0055): the diner's stars and note, null while none.
    rating: v.fallback(
      v.optional(v.nullable(v.object({ stars: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)), note: v.nullable(v.string()) })), null),
      null,
    ),
  }),
  // The existing backend spells it `orderProdeuct`; accept `order_products` too.
  v.transform(({ orderProdeuct, order_products, payment, paid, ...order }) => ({
    ...order,
    num_order: String(order.num_order),
    items: orderProdeuct ?? order_products ?? [],
    /** A card payment not confirmed (yet, or ever: then the order is canceled). Other backends: never. */
    paymentPending: payment === "online" && (paid === 0 || paid === false),
  })),
);
/**
 * The embedded API's additions: `demo`, the code went to the demo outbox, not by SMS (anything but
 * `true` reads as false); `phone`, the number it went to in E.164 (anything else reads as absent).
 */
export const SentOtp = v.object({
  expires_in: v.optional(v.number(), 600),
  resend_in: v.optional(v.number(), 60),
  demo: v.fallback(v.boolean(), false),
  phone: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/))), undefined),
});
export const Verified = v.object({ token: v.pipe(v.string(), v.minLength(8)) });
export const StoredOrder = v.object({ order_id: id, num_order: v.optional(v.union([v.number(), v.string()])), price: v.optional(money) });
export const PaymentStarted = v.object({ phone: text, url: v.pipe(v.string(), v.url()) });
/** The embedded API's addition: a paid payment's order-scoped token, with the phone and order it reads. */
export const PaymentToken = v.object({ token: v.pipe(v.string(), v.minLength(8)), phone: v.pipe(v.string(), v.regex(/^\d{10,15}$/)), order_id: id });
export type Order = v.InferOutput<typeof Order>;
