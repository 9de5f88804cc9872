// How people read a date or a time (docs/decisions/0058): the page's language with the branch's country
// (`ar-SA`, `ar-KW`, `en-GB`), always the Gregorian calendar (a browser's `ar-SA` would count in Umm
// al-Qura), in the branch's own zone. The one home for it: every screen, document and ticket asks here.
import { branchZone } from "./local-time";

type Language = "en" | "ar";
/** The countries whose Arabic has its own locale data (sign-up's Arabic-speaking ones); a string, light on the diner's first load. */
const ARAB_COUNTRIES = "AE SA KW BH QA OM EG JO LB";

/**
 * The locale for `lang` in `country` (ISO 3166 "SA"; unknown or none: plain Arabic, British English);
 * `digits: "latin"` keeps 0–9 (documents and tables that line up), else the locale's own digits.
 */
export function peopleLocale(lang: Language, country: string | null | undefined, digits: "latin" | "own" = "own"): string {
  const c = (country ?? "").toUpperCase();
  const base = lang === "ar" ? (c.length === 2 && ARAB_COUNTRIES.includes(c) ? `ar-${c}` : "ar") : c === "US" ? "en-US" : "en-GB";
  return `${base}-u-ca-gregory${digits === "latin" ? "-nu-latn" : ""}`;
}

/** Whose clock a time is shown on: the page's language, the restaurant's country, the branch's zone. */
export interface PeopleClock {
  lang: Language;
  country: string | null | undefined;
  /** An IANA zone (the branch's, checked where it is stored or received: hours-schema.ts `TimeZone`); none is the default. */
  zone: string | null | undefined;
}

/** A formatter for `options` on `clock`: its locale and its zone (the options give no zone of their own). */
export const dateFormat = (clock: PeopleClock, options: Omit<Intl.DateTimeFormatOptions, "timeZone">, digits: "latin" | "own" = "own") =>
  new Intl.DateTimeFormat(peopleLocale(clock.lang, clock.country, digits), { ...options, timeZone: branchZone(clock.zone) });
