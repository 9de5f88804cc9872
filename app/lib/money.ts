// The one money formatter: the currency's own decimals (two for AED, as docs/spec.txt section 9 says;
// three for KWD: worker/rules/money.ts), "AED" in English and "د.إ" in Arabic.
import type { Language } from "~/locales";
import { currencyDigits } from "../../worker/rules/money";

// The pages take money's units from here too, so the rule and the formatter load as one file.
export { chargeStep, currencyDigits, majorUnits, minorUnits, onStep, roundMoney } from "../../worker/rules/money";

const ARABIC_CURRENCY: Record<string, string> = { AED: "د.إ", SAR: "ر.س", KWD: "د.ك", QAR: "ر.ق", BHD: "د.ب", OMR: "ر.ع", EGP: "ج.م" };

export function formatMoney(amount: number, lang: Language, currency = "AED"): string {
  const code = currency.toUpperCase();
  const unit = lang === "ar" ? (ARABIC_CURRENCY[code] ?? code) : code;
  return `${amount.toFixed(currencyDigits(code))} ${unit}`;
}

/** A choice's extra as printed beside it ("+3.00 AED"), or null for a free choice: no "+0.00". */
export function formatExtra(amount: number, lang: Language, currency = "AED"): string | null {
  return amount > 0 ? `+${formatMoney(amount, lang, currency)}` : null;
}
