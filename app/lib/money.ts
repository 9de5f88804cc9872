// The one money formatter: two decimals, "AED" in English and "د.إ" in Arabic (docs/spec.txt section 9).
import type { Language } from "~/locales";

const ARABIC_CURRENCY: Record<string, string> = { AED: "د.إ", SAR: "ر.س", KWD: "د.ك", QAR: "ر.ق", BHD: "د.ب", OMR: "ر.ع", EGP: "ج.م" };

export function formatMoney(amount: number, lang: Language, currency = "AED"): string {
  const code = currency.toUpperCase();
  const unit = lang === "ar" ? (ARABIC_CURRENCY[code] ?? code) : code;
  return `${amount.toFixed(2)} ${unit}`;
}

/** A choice's extra as printed beside it ("+3.00 AED"), or null for a free choice: no "+0.00". */
export function formatExtra(amount: number, lang: Language, currency = "AED"): string | null {
  return amount > 0 ? `+${formatMoney(amount, lang, currency)}` : null;
}
