// The pages' money: the formatter (worker/rules/money-text.ts, one home with the worker's own pages) and a
// choice's extra as printed beside it.
import type { Language } from "~/locales";

// The pages take money's units from here too, so the rule and the formatter load as one file.
export { chargeStep, currencyDigits, majorUnits, minorUnits, onStep, roundMoney } from "../../worker/rules/money";
export { amountField, formatMoney } from "../../worker/rules/money-text";
import { formatMoney } from "../../worker/rules/money-text";

/** A choice's extra as printed beside it ("+3.00 AED"), or null for a free choice: no "+0.00". */
export function formatExtra(amount: number, lang: Language, currency = "AED"): string | null {
  return amount > 0 ? `+${formatMoney(amount, lang, currency)}` : null;
}
