// Money as people read it, one home for the site's pages and the worker's own (the demo payment page):
// the currency's own decimals (two for AED, as docs/spec.txt section 9 says; three for KWD), "AED" in
// English and "د.إ" in Arabic. Pure: app/lib/money.ts re-exports it for the pages.
import { currencyDigits } from "./money";
import type { Language } from "./languages";

const ARABIC_CURRENCY: Record<string, string> = { AED: "د.إ", SAR: "ر.س", KWD: "د.ك", QAR: "ر.ق", BHD: "د.ب", OMR: "ر.ع", EGP: "ج.م" };

/** An amount as a field holds it, in the currency's decimals and no unit: 1.25 KWD → "1.250", 12.5 AED → "12.50". */
export const amountField = (amount: number, currency: string): string => amount.toFixed(currencyDigits(currency.toUpperCase()));

export function formatMoney(amount: number, lang: Language, currency = "AED"): string {
  const code = currency.toUpperCase();
  const unit = lang === "ar" ? (ARABIC_CURRENCY[code] ?? code) : code;
  return `${amountField(amount, code)} ${unit}`;
}
