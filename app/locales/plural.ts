// A counted message: one text per plural category of the language (Intl.PluralRules: Arabic uses
// all six, English one and other). `other` is required; app/lib/i18n.tsx picks the form by `count`.
export type Plural = { [C in Exclude<Intl.LDMLPluralRule, "other">]?: string } & { other: string };

/** Marks a locale entry as counted (and widens it, so each language gives the forms it needs). */
export const plural = (forms: Plural): Plural => forms;
