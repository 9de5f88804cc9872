// One i18n setup for the server and the browser: typed dotted keys into the locale objects,
// {{name}} interpolation and counted messages (the language's plural rules pick the form). The
// language comes from the root loader (app/middleware/language.ts decides it), so a change of
// language is a change of data. The strings come as data too: the root loader sends the page's one
// language (app/lib/strings.server.ts), so a diner's page carries no dictionary in its JavaScript
// (docs/decisions/0035).
// Replaces i18next + react-i18next: ~17 KB gzip less JavaScript on every screen and no
// per-request i18next instance on the server.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "react-router";
import type en from "~/locales/en";
import { defaultLanguage, type Language } from "../../worker/rules/languages";
import type { Plural } from "~/locales/plural";

/** One language's interface strings (the shape of ~/locales/en.ts, which ar.ts is checked against). */
export type Dictionary = typeof en;
/** One language's strings for each language: the interface's (~/locales), or with a screen's own added. */
type Dictionaries<D> = Record<Language, D>;
type Paths<T, Leaf, P extends string = ""> = {
  [K in Extract<keyof T, string | number>]: T[K] extends Leaf ? `${P}${K}` : T[K] extends string | Plural ? never : Paths<T[K], Leaf, `${P}${K}.`>;
}[Extract<keyof T, string | number>];

/** The counted messages ("branch.results"): they need a `count` to pick their plural form. */
export type CountKey<D = Dictionary> = Paths<D, Plural>;
/** Every message of the interface, as a dotted path ("product.added"). */
type MessageKey<D = Dictionary> = Paths<D, string> | CountKey<D>;
type Values = Record<string, string | number>;
export interface Translate<D = Dictionary> {
  (key: CountKey<D>, values: Values & { count: number }): string;
  (key: Exclude<MessageKey<D>, CountKey<D>>, values?: Values): string;
}

const isPlural = (node: unknown): node is Plural => typeof node === "object" && node !== null && "other" in node;

/** A `t` over one language's strings (keys missing from them show themselves). */
export function translator<D = Dictionary>(lang: Language, dictionary: D): Translate<D>;
export function translator(lang: Language, dictionary: unknown): Translate<unknown> {
  const rules = new Intl.PluralRules(lang);
  return (key: string, values?: Values) => {
    let node = dictionary;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (isPlural(node)) node = node[rules.select(Number(values?.count))] ?? node.other;
    // A missing key shows itself rather than an empty label (the types make it unlikely).
    const text = typeof node === "string" ? node : key;
    return values ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  };
}

interface I18n {
  lang: Language;
  t: Translate;
}

/**
 * The first strings seen under `key` (a source and a language), kept: a revalidation sends equal
 * strings in a new object, and a `t` that changed with it would re-run every effect that uses it
 * (a toast shown twice). A page's strings never change while it is open.
 */
const seen = new Map<string, unknown>();
function stable<T>(key: string, strings: T): T {
  if (!seen.has(key)) seen.set(key, strings);
  return seen.get(key) as T;
}

const I18nContext = createContext<I18n>({ lang: defaultLanguage, t: translator(defaultLanguage, {} as Dictionary) });

export function I18nProvider({ lang, strings: sent, children }: { lang: Language; strings: Dictionary; children: ReactNode }) {
  // An empty set (the root's data missing) is not kept: the next render may bring the real one.
  const strings = Object.keys(sent).length > 0 ? stable(`root:${lang}`, sent) : sent;
  const value = useMemo(() => ({ lang, t: translator(lang, strings) }), [lang, strings]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language and its `t`. */
export const useTranslation = (): I18n => useContext(I18nContext);

/**
 * The current language and a `t` that also knows strings bundled with a screen's chunks in both
 * languages (the console's: ~/locales/console). Diners' screens get theirs as data instead.
 */
export function useTranslationWith<D>(strings: Dictionaries<D>): { lang: Language; t: Translate<D> } {
  const { lang } = useTranslation();
  return useMemo(() => ({ lang, t: translator(lang, strings[lang]) }), [lang, strings]);
}

/** The deepest screen's own strings, as its loader sent them (`screenStrings`: ~/locales/ordering), kept per route and language. */
function useSentStrings(lang: Language): unknown {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData;
    if (data && typeof data === "object" && "screenStrings" in data) return stable(`${matches[i]!.id}:${lang}`, data.screenStrings);
  }
  return null;
}

/** The current language and a `t` over the screen's own strings (the interface's when none were sent). */
export function useScreenTranslation<D>(): { lang: Language; t: Translate<D> } {
  const { lang, t } = useTranslation();
  const strings = useSentStrings(lang);
  return useMemo(() => ({ lang, t: strings ? translator<D>(lang, strings as D) : (t as unknown as Translate<D>) }), [lang, strings, t]);
}
