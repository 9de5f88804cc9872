import ar from "./ar";
import en from "./en";

export const languages = ["en", "ar"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

export const isLanguage = (value: unknown): value is Language => value === "en" || value === "ar";
export const directionOf = (lang: Language) => (lang === "ar" ? "rtl" : "ltr");

/** The interface strings of each language (app/lib/i18n.tsx reads them). */
const dictionaries = { en, ar };
export default dictionaries;
