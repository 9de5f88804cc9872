// The interface's strings plus the ordering screens' own (cart, checkout, orders), for those screens
// only: a menu page never loads the ordering strings of either language.
import dictionaries from "..";
import type { Language } from "..";
import { useTranslationWith } from "~/lib/i18n";
import ar from "./ar";
import en from "./en";

export const orderingStrings = { en: { ...dictionaries.en, ...en }, ar: { ...dictionaries.ar, ...ar } } satisfies Record<Language, unknown>;

/** `useTranslation` for the ordering screens: every interface key and theirs. */
export const useOrderingTranslation = () => useTranslationWith(orderingStrings);
