// The board's partial refund form (docs/decisions/0083), one home for its rules: an amount as staff type it
// (major units, Arabic-Indic digits and the Arabic decimal mark read too, at most the currency's decimals)
// and a reason. Pure: the console's action parses with it, the dialog shows its messages.
import * as v from "valibot";
import { asciiDigits } from "./digits";
import { currencyDigits, minorUnits } from "./money";

export const REASON_MAX = 200;

export const PartialRefundForm = v.object({
  intent: v.literal("partial-refund"),
  amount: v.pipe(
    v.string(),
    v.transform((s) => asciiDigits(s).trim().replace(/[٫,]/, ".")),
    v.regex(/^\d{1,9}(\.\d+)?$/, "amount"),
  ),
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, "reason"), v.maxLength(REASON_MAX, "reason")),
});

/** The typed amount in `currency`'s minor units, or null when it has more decimals than the currency or is zero. */
export function refundMinor(amount: string, currency: string): number | null {
  const decimals = amount.split(".")[1] ?? "";
  if (decimals.length > currencyDigits(currency)) return null;
  const minor = minorUnits(Number(amount), currency);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}
