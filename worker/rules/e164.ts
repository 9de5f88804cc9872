// The one reading of a diner's phone number as an SMS provider needs it: E.164, with the restaurant's
// country for numbers typed without their country code. The /min metadata is enough: it knows each
// country's prefixes and possible lengths, and the number's type (mobile or not) is left to the
// provider, whose refusal (Twilio 21211/21614) the diner also sees as an invalid phone.
import { isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * "0501234567", "00971501234567" or "+971 50 123 4567" at a UAE restaurant → "+971501234567"; null when
 * it is not a possible number (a wrong length for its country), has an extension, or cannot be read.
 * "Possible", not "valid": a number in a range newer than the metadata must still get its code.
 */
export function toE164(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, isSupportedCountry(country) ? country : undefined);
  return parsed && parsed.isPossible() && !parsed.ext ? parsed.number : null;
}

/** An E.164 number as people read it ("+971501234567" → "+971 50 123 4567"); anything else as it is. */
export function forPeople(number: string): string {
  const parsed = number.startsWith("+") ? parsePhoneNumberFromString(number) : undefined;
  return parsed && parsed.isPossible() ? parsed.formatInternational() : number;
}
