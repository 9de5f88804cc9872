// The one home of reading digits as people type them: a phone keyboard in Arabic writes Arabic-Indic
// (٠–٩) or Eastern Arabic-Indic/Persian (۰–۹) digits, read here as ASCII, for phone numbers (e164.ts,
// the console's sign-in), codes and web addresses. No imports: the browser takes it as it is.

const NATIVE_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic-Indic and Eastern Arabic-Indic digits as ASCII digits; everything else as it is. */
export const asciiDigits = (input: string) => input.replace(NATIVE_DIGITS, (d) => String(d.charCodeAt(0) & 0xf));

/** The digits of a text alone, in any of those scripts, as ASCII ("+971 ٥٠-123" → "97150123"). */
export const digitsOnly = (input: string) => asciiDigits(input).replace(/\D/g, "");
