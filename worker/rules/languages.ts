// The languages and their direction, apart from the strings: a diner's page imports this, never the
// dictionaries themselves (the server sends the page's one language as data: docs/decisions/0035).
const languages = ["en", "ar"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

export const isLanguage = (value: unknown): value is Language => value === "en" || value === "ar";
export const directionOf = (lang: Language) => (lang === "ar" ? "rtl" : "ltr");
