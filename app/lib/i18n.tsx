// One i18n setup for the server and the browser: typed dotted keys into the locale objects and
// {{name}} interpolation, which is all the interface uses. The language comes from the root
// loader (app/middleware/language.ts decides it), so a change of language is a change of data.
// Replaces i18next + react-i18next: ~17 KB gzip less JavaScript on every screen and no
// per-request i18next instance on the server.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import dictionaries, { defaultLanguage, type Language } from "~/locales";

type Dictionary = (typeof dictionaries)["en"];
type Leaves<T, P extends string = ""> = {
  [K in Extract<keyof T, string | number>]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[Extract<keyof T, string | number>];

/** Every message of the interface, as a dotted path ("cart.remove"). */
export type MessageKey = Leaves<Dictionary>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(lang: Language): Translate {
  const dictionary: unknown = dictionaries[lang];
  return (key, values) => {
    let node = dictionary;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    // A missing key shows itself rather than an empty label (the types make it unlikely).
    const text = typeof node === "string" ? node : key;
    return values ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  };
}

interface I18n {
  lang: Language;
  t: Translate;
}

const I18nContext = createContext<I18n>({ lang: defaultLanguage, t: translator(defaultLanguage) });

export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const value = useMemo(() => ({ lang, t: translator(lang) }), [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language and its `t`. */
export const useTranslation = (): I18n => useContext(I18nContext);
