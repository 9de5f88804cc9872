// A currency change before the first order converts the catalogue's stored money, it does not relabel it
// (docs/decisions/0061): each price keeps its written amount, rounded half up to the new
// currency's decimals (1.234 KWD → 1.23 AED; 1.23 AED → 1.230 KWD, and back again with no drift) and, in
// KWD, BHD, OMR or JOD, to its 10-fils charge step (1.234 KWD → 1.230 BHD; docs/decisions/0060). The
// same SQL expression lists what the rounding changes (the owner's confirm step) and converts, so the
// list and the result cannot disagree. The conversion checks for orders in its own transaction.
import { chargeStep, currencyDigits } from "../rules/money";
import type { SqlStore } from "./sql-bridge";

/**
 * The change as integers: an amount x in minor units of `from` is x × up / down rounded half up to a whole
 * number of `to`'s charge steps, then × step. AED → KWD: up 10, down 10 (1.23 → 1.230, exact); KWD → AED:
 * down 10 (1.234 → 1.23); KWD → BHD: down 10, the 10-fils step (1.234 → 1.230, docs/decisions/0060).
 */
function scale(from: string, to: string) {
  const shift = currencyDigits(to) - currencyDigits(from);
  const step = chargeStep(to);
  return { up: 10 ** Math.max(shift, 0), down: 10 ** Math.max(-shift, 0) * step, step };
}

/** `column` in minor units of `from` rewritten in minor units of `to` (a non-negative integer on `to`'s step, rounded half up). */
function rescaled(column: string, from: string, to: string): string {
  const { up, down, step } = scale(from, to);
  if (up % down === 0) return `(${column} * ${up})`;
  return `(((${column} * ${up}) + ${down / 2}) / ${down} * ${step})`;
}

/** True when the rounding changes the written amount of `column` (fewer decimals, or off the new currency's charge step). */
function rounds(column: string, from: string, to: string): string {
  const { up, down } = scale(from, to);
  return up % down === 0 ? "0" : `((${column} * ${up}) % ${down} <> 0)`;
}

/** A price the rounding changes, in minor units before (of `from`) and after (of `to`). */
export interface RoundedPrice {
  kind: "price" | "offer" | "choice";
  product_id: number;
  dish_en: string;
  dish_ar: string;
  /** The option's choice (a sub-option) for kind "choice". */
  choice_en: string | null;
  choice_ar: string | null;
  before: number;
  after: number;
}

/** Every dish price, offer and option price whose written amount the change from `from` to `to` rounds. */
export async function roundedPrices(db: SqlStore, _restaurantId: number, from: string, to: string): Promise<RoundedPrice[]> {
  const part = (kind: RoundedPrice["kind"], column: string, source: string, choice: string) =>
    `SELECT '${kind}' AS kind, p.id AS product_id, p.name_en AS dish_en, p.name_ar AS dish_ar, ${choice}, ${column} AS before, ${rescaled(column, from, to)} AS after
     FROM ${source} WHERE ${rounds(column, from, to)}`;
  const { results } = await db
    .prepare(
      `${part("price", "p.price_minor", "products p", "NULL AS choice_en, NULL AS choice_ar")}
       UNION ALL ${part("offer", "p.offer_minor", "products p", "NULL, NULL")}
       UNION ALL ${part("choice", "s.price_minor", "sub_options s JOIN options o ON o.id = s.option_id JOIN products p ON p.id = o.product_id", "s.name_en, s.name_ar")}
       ORDER BY product_id, kind`,
    )
    .all<RoundedPrice>();
  return results;
}

const NO_ORDER = "NOT EXISTS (SELECT 1 FROM orders)";

/**
 * Converts every stored price from `from` to `to` in one transaction of the object, only while it holds
 * no order (an order already there is "has-orders" and nothing changes).
 */
export async function convertPrices(db: SqlStore, _restaurantId: number, from: string, to: string): Promise<"converted" | "has-orders"> {
  const [ordered] = await db.batch<{ ordered: number }>([
    db.prepare("SELECT EXISTS (SELECT 1 FROM orders) AS ordered"),
    db.prepare(`UPDATE products SET price_minor = ${rescaled("price_minor", from, to)}, offer_minor = ${rescaled("offer_minor", from, to)} WHERE ${NO_ORDER}`),
    db.prepare(`UPDATE sub_options SET price_minor = ${rescaled("price_minor", from, to)} WHERE ${NO_ORDER}`),
  ]);
  return ordered!.results[0]?.ordered ? "has-orders" : "converted";
}
