// The one reading of a phone number as people type it (a diner's, an owner's, a member's, a branch's):
// E.164, with the restaurant's country for numbers typed without their country code (docs/decisions/0059).
// Server-side only: libphonenumber's /min metadata (its numbering plans: prefixes, lengths and the loose
// digit patterns) must never reach the diner's browser. Whether a number takes SMS is the provider's to
// say (Twilio 21211/21614), which the diner also sees as an invalid phone.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { asciiDigits } from "./digits";

const region = (country: string) => (isSupportedCountry(country) ? country : undefined);
/** The contract's own spelling of a number (docs/CONTRACT.md): E.164 without its "+", 10 to 15 digits. */
const CONTRACT_DIGITS = /^\d{11,15}$/;

/** A number read one way, when it is a valid number there (length and the plan's prefixes) with no extension. */
function read(phone: string, country: CountryCode | undefined): string | null {
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed && parsed.isValid() && !parsed.ext ? parsed.number : null;
}

/**
 * "6555 1234" at a Kuwaiti restaurant → "+96565551234"; "0501234567", "00971501234567", "+971 50 123 4567" or
 * "٠٥٠١٢٣٤٥٦٧" at a UAE one → "+971501234567"; null when it is no number there (a wrong length, a prefix no
 * number has), has an extension, or cannot be read. Digits alone that are no number of the restaurant's
 * country are read as the contract writes numbers, E.164 without its "+" (a visitor's "447911123456"):
 * from 11 digits, so a local number mistyped by a digit is refused rather than read as another country's.
 */
export function toE164(phone: string, country: string): string | null {
  if (phone.length > 40) return null; // nobody writes a number that long; spare the parser
  const own = read(phone, region(country));
  if (own) return own;
  const digits = asciiDigits(phone.replace(/[\s\-.()\u00a0]+/g, ""));
  return CONTRACT_DIGITS.test(digits) ? read(`+${digits}`, undefined) : null;
}

/** An E.164 number as people read it ("+971501234567" → "+971 50 123 4567"); anything else as it is. */
export function forPeople(number: string): string {
  const parsed = number.startsWith("+") ? parsePhoneNumberFromString(number) : undefined;
  return parsed && parsed.isPossible() ? parsed.formatInternational() : number;
}

/**
 * The example mobile number (national digits) of each country a restaurant signs up in or a member signs in
 * from: libphonenumber's own examples, kept here as data so no examples module loads on a request's path
 * (docs/decisions/0059); tests/unit/e164.test.ts checks they still equal the library's.
 */
export const EXAMPLE_MOBILES: Readonly<Record<string, string>> = {
  AE: "501234567",
  SA: "512345678",
  KW: "50012345",
  QA: "33123456",
  BH: "36001234",
  OM: "92123456",
  EG: "1001234567",
  JO: "790123456",
  LB: "71123456",
  GB: "7400123456",
  US: "2015550123",
  IN: "8123456789",
  PK: "3012345678",
};

/** A country's example mobile number as its people write it and with its country code, for a form's hint (the UAE's for another). */
export function exampleNumber(country: string): { local: string; international: string } {
  const known = EXAMPLE_MOBILES[country] ? (country as CountryCode) : "AE";
  const example = parsePhoneNumberFromString(EXAMPLE_MOBILES[known]!, known)!;
  return { local: example.formatNational(), international: example.formatInternational() };
}

/** A branch's number as diners see and dial it, or null when there is none. */
export interface Dialable {
  text: string;
  /** A tel: link in E.164; null for text no number can be read from (shown, not dialled). */
  href: string | null;
}

/** "04 388 1234" at a UAE restaurant → "+971 4 388 1234", dialled as "tel:+97143881234" (never "tel:043881234"). */
export function dialable(number: string | null | undefined, country: string): Dialable | null {
  const typed = number?.trim();
  if (!typed) return null;
  const e164 = toE164(typed, country);
  return e164 ? { text: forPeople(e164), href: `tel:${e164}` } : { text: typed, href: null };
}
