// What is wrong with each line of a diner's cart against the live catalogue, in the words the cart shows:
// gone (unknown or hidden), unavailable (switched off, sold out), not served now (its menu's or
// category's windows), its choices no longer keep the dish's rules, or its price changed since the cart
// showed it. Every line is reported, none dropped; the order's pricing (worker/restaurant/pricing.ts)
// finds them and the cart marks them.
import { isSoldOut } from "./availability";
import { payablePrice } from "./offer-price";
import { majorUnits, minorUnits } from "./money";

export interface CartProblem {
  index: number;
  reason: "gone" | "unavailable" | "notServed" | "price" | "options";
  /** With "price": the line's unit price now (major units, options included). */
  price?: number;
}

interface LineFacts {
  /** The dish's row (prices in minor units), or undefined when the branch has none with that id. */
  product: { hidden: number; unavailable: number; sold_out_until: number | null; price: number; price_offer: number } | undefined;
  /** Its menu and category served now. */
  served: boolean;
  /** The choices keep the dish's rules (worker/rules/option-rules.ts). */
  choicesKept: boolean;
  /** The chosen options' prices (minor units). */
  extras: number;
  /** The unit price the cart showed (major units), when it said. */
  shown: number | undefined;
}

/** The line's problem, or null. */
export function lineProblem(index: number, line: LineFacts, currency: string, now: number): CartProblem | null {
  const { product } = line;
  if (!product || product.hidden) return { index, reason: "gone" };
  if (isSoldOut(product, now)) return { index, reason: "unavailable" };
  if (!line.served) return { index, reason: "notServed" };
  if (!line.choicesKept) return { index, reason: "options" };
  const unit = payablePrice(product) + line.extras;
  if (line.shown !== undefined && minorUnits(line.shown, currency) !== unit) return { index, reason: "price", price: majorUnits(unit, currency) };
  return null;
}
