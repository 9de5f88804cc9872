// Marketing copy and legal texts, chosen by language. Only marketing routes import this.
import type { Language } from "~/locales";
import ar from "./ar";
import en from "./en";

export const marketing = { en, ar } as const;
export const marketingStrings = (lang: Language) => marketing[lang];
