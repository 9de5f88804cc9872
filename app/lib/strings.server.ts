// The strings a page needs, in its one language, sent as loader data: the diner's JavaScript then
// carries no dictionary of either language (docs/decisions/0035).
import dictionaries, { type Language } from "~/locales";
import orderingAr from "~/locales/ordering/ar";
import orderingEn from "~/locales/ordering/en";

const ordering = { en: { ...dictionaries.en, ...orderingEn }, ar: { ...dictionaries.ar, ...orderingAr } };

/** The interface's strings (the root loader sends them to every page). */
export const interfaceStrings = (lang: Language) => dictionaries[lang];

/** The ordering screens' strings (cart, checkout, orders): the interface's and theirs. */
export const orderingStrings = (lang: Language) => ordering[lang];
export type OrderingStrings = ReturnType<typeof orderingStrings>;
