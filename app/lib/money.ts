// The one money formatter: the currency's own decimals (two for AED, as docs/spec.txt section 9 says;
// three for KWD: worker/rules/money.ts), "AED" in English and "د.إ" in Arabic.
import type { Language } from "~/locales";
import { chargedPrice, currencyDigits } from "../../worker/rules/money";

// The pages take money's units from here too, so the rule and the formatter load as one file.
export { chargedPrice, chargeStep, currencyDigits, majorUnits, minorUnits, roundMoney } from "../../worker/rules/money";

const ARABIC_CURRENCY: Record<string, string> = { AED: "د.إ", SAR: "ر.س", KWD: "د.ك", QAR: "ر.ق", BHD: "د.ب", OMR: "ر.ع", EGP: "ج.م" };

/** An amount as a field holds it, in the currency's decimals and no unit: 1.25 KWD → "1.250", 12.5 AED → "12.50". */
export const amountField = (amount: number, currency: string): string => amount.toFixed(currencyDigits(currency.toUpperCase()));

export function formatMoney(amount: number, lang: Language, currency = "AED"): string {
  const code = currency.toUpperCase();
  const unit = lang === "ar" ? (ARABIC_CURRENCY[code] ?? code) : code;
  return `${amountField(amount, code)} ${unit}`;
}

/** A choice's extra as printed beside it ("+3.00 AED"; 0.125 KWD stored before the 10-fils step was required: "+0.130 KWD"), or null for a free choice: no "+0.00". */
export function formatExtra(amount: number, lang: Language, currency = "AED"): string | null {
  const charged = chargedPrice(amount, currency);
  return charged > 0 ? `+${formatMoney(charged, lang, currency)}` : null;
}
