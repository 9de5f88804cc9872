// Phone numbers as people type and print them: one home for reading a diner's number (the checkout
// form's hint and the server's check) and for restaurants' numbers in tel: links.

/** A tel: link for a number as restaurants type it ("+971 4 123 4567" → "tel:+97141234567"). */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;

/** What the checkout form shows as the expected format (both forms are accepted). */
export const PHONE_EXAMPLE = "+971 50 123 4567";
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic-Indic digits (a phone keyboard in Arabic) as ASCII digits; everything else as it is. */
export const asciiDigits = (input: string) => input.replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) & 0xf));
const rule = new RegExp(`^\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`);

/**
 * A diner's number as the ordering API takes it (spec: 10 to 15 digits), or null when it is not one.
 * Spaces, dashes, dots and brackets are layout; a leading + (before a country code) is dropped, so
 * "+971 50-123 4567" → "971501234567". Arabic-Indic digits (a phone keyboard in Arabic) read as digits.
 */
export function normalisePhone(input: string): string | null {
  if (input.length > 40) return null; // no number is written that long; spare the regexes
  const ascii = asciiDigits(input);
  const compact = ascii.trim().replace(/[\s\-.()\u00a0]+/g, "");
  const digits = compact.startsWith("+") ? compact.slice(1) : compact;
  return rule.test(digits) ? digits : null;
}
