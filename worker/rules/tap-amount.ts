// Tap Payments' amounts (docs/decisions/0076): decimals in major units, written with the currency's
// ISO 4217 digits (3 for KWD, BHD and OMR, 2 for SAR, AED and QAR; ./money.ts), from and to the integer
// minor units the site keeps. Never a float's own rendering: 1 SAR is "1.00", 3875 fils "3.875".
import { currencyDigits } from "./money";

/** Tap's decimal text of an amount of minor units: 3875 KWD → "3.875", 6500 AED → "65.00". */
export function tapAmount(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const whole = Math.trunc(Math.abs(minor));
  const text = String(whole).padStart(digits + 1, "0");
  const sign = minor < 0 ? "-" : "";
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Minor units of Tap's amount (a JSON number like 3.875 or 1.0, or its text), or null when it is not an
 * amount of that currency (more decimals than it has, negative, not finite). Read from the text's digits,
 * so 0.1 + 0.2 style float errors never reach an integer.
 */
export function minorOfTap(amount: number | string, currency: string): number | null {
  const text = typeof amount === "number" ? (Number.isFinite(amount) ? amountText(amount) : "") : amount.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) return null;
  const digits = currencyDigits(currency);
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** A JSON number's shortest text without an exponent (3.875 → "3.875", 1e-7 → "0.0000001"). */
const amountText = (n: number) => (Math.abs(n) < 1e-6 && n !== 0 ? n.toFixed(12) : String(n));

/** Tap's smallest charge: 0.100 in any currency ("The minimum amount is 0.100 for any charge currency"). */
export const tapMinimum = (currency: string): number => 10 ** currencyDigits(currency) / 10;

/** Whether Tap takes a charge of this many minor units. */
export const tapChargeable = (minor: number, currency: string): boolean => Number.isInteger(minor) && minor >= tapMinimum(currency);
