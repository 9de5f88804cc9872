// Prices come from the catalogue, never from the client: each line is checked against the
// branch's products and their options, and priced here.
import type { SqlStore } from "./sql-bridge";
import { isSoldOut } from "../rules/availability";
import { payablePrice } from "../rules/offer-price";
import { checkChoices, type GroupRule } from "../rules/option-rules";
import { readServed } from "../rules/hours-schema";
import { bothServed, servedStretches } from "../rules/menu-hours";
import { stateAt } from "../rules/open-stretches";
import { chargeStep, fitsCurrency, isOnChargeStep, minorUnits } from "../rules/money";
import { defaultVatBp, orderAmounts } from "../rules/vat";
import { lineProblem, type CartProblem } from "../rules/cart-problems";

/** An ordered line as the restaurant API parsed it (worker/contract/fields.ts `Item`). */
interface ItemInput {
  product_id: number;
  amount: number;
  sub_option_id: number[];
  note?: string | null;
  /** The unit price the cart showed (major units), when it sent one. */
  unit_price?: number;
}

export interface PricedLine {
  product_id: number;
  name_en: string;
  name_ar: string;
  image: string | null;
  /** The unit price, options included, VAT included, in the currency's minor units, on its charge step (worker/rules/vat.ts). */
  unit: number;
  amount: number;
  note: string;
  /** Each option's price in minor units. */
  options: { sub_option_id: number; name_en: string; name_ar: string; sub_name_en: string; sub_name_ar: string; price: number }[];
}

/** The order's money, all in the currency's minor units: what is charged is `total`. */
export interface PricedTotals {
  currency: string;
  vatBp: number;
  vat: number;
  service: number;
  tip: number;
  total: number;
}

/** Which menu (and, when the menu is served but not the category, which category) is not served, and when it next is (unix ms; null: not within 7 days). */
export interface NotServed {
  menu_id: number;
  category_id?: number;
  opens_at: number | null;
}

/** Every refusal names each line's problem too (`problems`, in the cart's words: worker/rules/cart-problems.ts). */
export type PricingResult =
  | ({ ok: true; lines: PricedLine[] } & PricedTotals)
  | { ok: false; errors: Record<string, string[]>; problems: CartProblem[] }
  /** A line's menu (or, with `category_id`, its category) is not served now (its windows, in the branch's zone): when it next is. */
  | { ok: false; menuClosed: NotServed; problems: CartProblem[] }
  /** Only prices changed since the cart showed them (its `unit_price`, the embedded API's addition). */
  | { ok: false; changed: true; problems: CartProblem[] };

/**
 * `branch.currency` and `branch.country` are its restaurant's: every amount is in that currency's minor
 * units, and the VAT is the seller's rate (the country's when not set). `tip`: major units (card orders
 * only), refused when the restaurant takes no tips, has more decimals than the currency, is off its charge step
 * (0.125 KWD: the cart rounds it visibly before sending, docs/decisions/0060) or exceeds the lines.
 */
export async function priceItems(
  db: SqlStore,
  _restaurantId: number,
  branch: { id: number; time_zone: string | null; currency: string; country: string; step?: number },
  items: ItemInput[],
  now = Date.now(),
  tip = 0,
): Promise<PricingResult> {
  const branchId = branch.id;
  const { currency } = branch;
  // The step of every amount: the restaurant's provider's (docs/decisions/0079), else the currency's.
  const step = branch.step ?? chargeStep(currency);
  // Each list is one bound JSON parameter (json_each), so no cart can exceed D1's bound-parameter limit.
  const ids = JSON.stringify([...new Set(items.map((i) => i.product_id))]);
  const subIds = JSON.stringify([...new Set(items.flatMap((i) => i.sub_option_id))]);
  const [products, subs, groups, seller] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.name_en, p.name_ar, p.image, p.price_minor AS price, p.offer_minor AS price_offer, p.hidden, p.unavailable, p.sold_out_until, m.id AS menu_id, m.served,
              c.id AS category_id, c.served AS category_served FROM products p
       JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ? AND p.id IN (SELECT value FROM json_each(?))`,
      )
      .bind(branchId, ids),
    db
      .prepare(
        `SELECT s.id, s.name_en AS sub_name_en, s.name_ar AS sub_name_ar, s.price_minor AS price, o.id AS option_id, o.product_id, o.name_en, o.name_ar
       FROM sub_options s JOIN options o ON o.id = s.option_id WHERE s.id IN (SELECT value FROM json_each(?))`,
      )
      .bind(subIds),
    // Every group of these dishes, chosen from or not: a required group left empty is a problem too.
    db
      .prepare(
        `SELECT id, product_id, required, min_choices, max_choices FROM options WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY sort_num, id`,
      )
      .bind(ids),
    db.prepare("SELECT vat_bp, service_bp, tips FROM seller LIMIT 1"),
  ]);
  const byId = new Map(
    (
      products!.results as {
        id: number;
        name_en: string;
        name_ar: string;
        image: string | null;
        price: number;
        price_offer: number;
        hidden: number;
        unavailable: number;
        sold_out_until: number | null;
        menu_id: number;
        served: string | null;
        category_id: number;
        category_served: string | null;
      }[]
    ).map((p) => [p.id, p]),
  );
  const subById = new Map(
    (
      subs!.results as {
        id: number;
        sub_name_en: string;
        sub_name_ar: string;
        price: number;
        option_id: number;
        product_id: number;
        name_en: string;
        name_ar: string;
      }[]
    ).map((s) => [s.id, s]),
  );
  const groupsOf = new Map<number, GroupRule[]>();
  for (const g of groups!.results as { id: number; product_id: number; required: number; min_choices: number; max_choices: number }[]) {
    groupsOf.set(g.product_id, [
      ...(groupsOf.get(g.product_id) ?? []),
      { id: g.id, required: g.required === 1, min_choices: g.min_choices, max_choices: g.max_choices },
    ]);
  }
  const stretches = (served: string | null) => servedStretches(readServed(served), branch.time_zone, now);
  /** The dish's menu, then its category inside the menu's windows, at `now`. */
  const servedNow = (product: { served: string | null; category_served: string | null }) => {
    const menu = stretches(product.served);
    return { menu: stateAt(menu, now), category: stateAt(bothServed(menu, stretches(product.category_served)), now) };
  };
  const choicesOf = (item: ItemInput) => {
    const chosen = item.sub_option_id.map((id) => subById.get(id));
    const problems = checkChoices(
      groupsOf.get(item.product_id) ?? [],
      item.sub_option_id.map((id, k) => ({ id, group: chosen[k] && chosen[k].product_id === item.product_id ? chosen[k].option_id : null })),
    );
    return { chosen, problems };
  };
  // Each line's problem in the cart's words, whatever the refusal below (the cart marks them all).
  const problems = items.flatMap((item, index) => {
    const product = byId.get(item.product_id);
    const state = product && servedNow(product);
    const choices = choicesOf(item);
    const found = lineProblem(
      index,
      {
        product,
        served: !state || (state.menu.open && state.category.open),
        choicesKept: choices.problems.length === 0,
        extras: choices.chosen.reduce((sum, s) => sum + (s?.product_id === item.product_id ? s.price : 0), 0),
        shown: item.unit_price,
      },
      currency,
      now,
    );
    return found ? [found] : [];
  });
  // A dish of a menu (or a category) outside its windows cannot be ordered, whatever else is in the
  // cart: the first such menu is named, or the category when the menu is served and the category not.
  for (const item of items) {
    const product = byId.get(item.product_id);
    if (!product || product.hidden) continue;
    const { menu, category } = servedNow(product);
    if (!menu.open) return { ok: false, menuClosed: { menu_id: product.menu_id, opens_at: menu.opensAt }, problems };
    if (!category.open) return { ok: false, menuClosed: { menu_id: product.menu_id, category_id: product.category_id, opens_at: category.opensAt }, problems };
  }
  const errors: Record<string, string[]> = {};
  const lines: PricedLine[] = [];
  items.forEach((item, i) => {
    const product = byId.get(item.product_id);
    const problem = !product ? "unknown" : product.hidden ? "hidden" : isSoldOut(product, now) ? "unavailable" : null;
    if (problem) {
      errors[`items.${i}.product_id`] = [problem];
      return;
    }
    const { chosen, problems: choices } = choicesOf(item);
    if (choices.length > 0) {
      errors[`items.${i}.sub_option_id`] = [...new Set(choices.map((p) => p.problem))];
      return;
    }
    // The catalogue's prices are minor units already (schema version 7): sums of integers.
    const base = payablePrice(product!);
    const extras = chosen.reduce((sum, s) => sum + s!.price, 0);
    lines.push({
      product_id: product!.id,
      name_en: product!.name_en,
      name_ar: product!.name_ar,
      image: product!.image,
      unit: base + extras,
      amount: item.amount,
      note: item.note ?? "",
      options: chosen.map((s) => ({
        sub_option_id: s!.id,
        name_en: s!.name_en,
        name_ar: s!.name_ar,
        sub_name_en: s!.sub_name_en,
        sub_name_ar: s!.sub_name_ar,
        price: s!.price,
      })),
    });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors, problems };
  if (problems.length > 0) return { ok: false, changed: true, problems };
  const rates = (seller!.results[0] as { vat_bp: number | null; service_bp: number; tips: string | null } | undefined) ?? {
    vat_bp: null,
    service_bp: 0,
    tips: null,
  };
  const tipMinor = minorUnits(tip, currency);
  const subtotal = lines.reduce((sum, l) => sum + l.unit * l.amount, 0);
  const tipProblem =
    tip === 0
      ? null
      : rates.tips === null
        ? "tips_off"
        : !fitsCurrency(tip, currency)
          ? "decimals"
          : !isOnChargeStep(tip, currency, step)
            ? "step"
            : tipMinor > subtotal
              ? "too_large"
              : null;
  if (tipProblem) return { ok: false, errors: { tip: [tipProblem] }, problems };
  const vatBp = rates.vat_bp ?? defaultVatBp(branch.country);
  // Every amount is a multiple of the step (10 fils in a three-decimal currency paid through Stripe), so the charge is the order's to the fils.
  const amounts = orderAmounts(lines, { vatBp, serviceBp: rates.service_bp, step }, tipMinor);
  amounts.lines.forEach((l, i) => (lines[i]!.unit = l.unit));
  return { ok: true, lines, currency, vatBp, vat: amounts.vat, service: amounts.service, tip: amounts.tip, total: amounts.total };
}
