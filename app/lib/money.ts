// The pages' money: the formatter (worker/rules/money-text.ts, one home with the worker's own pages) and a
// choice's extra as printed beside it.
import type { Language } from "~/locales";
import { chargedPrice } from "../../worker/rules/money";
import { formatMoney } from "../../worker/rules/money-text";

// The pages take money's units from here too, so the rule and the formatter load as one file.
export { chargedPrice, currencyDigits, majorUnits, minorUnits, roundMoney } from "../../worker/rules/money";
export { amountField, formatMoney } from "../../worker/rules/money-text";

/** A choice's extra as printed beside it ("+3.00 AED"; 0.125 KWD stored before the 10-fils step was required: "+0.130 KWD"), or null for a free choice: no "+0.00". */
export function formatExtra(amount: number, lang: Language, currency = "AED", step?: number): string | null {
  const charged = chargedPrice(amount, currency, step);
  return charged > 0 ? `+${formatMoney(charged, lang, currency)}` : null;
}
