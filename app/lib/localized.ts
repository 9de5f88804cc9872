import { useTranslation } from "~/lib/i18n";
import type { Language } from "~/locales";

type Localizable<F extends string> = { [K in `${F}_en` | `${F}_ar`]?: string | null };

/** The `{field}_{lang}` text of a restaurant record, falling back to the other language when empty. */
export function localized<F extends string>(record: Localizable<F>, field: F, lang: Language): string {
  const own = record[`${field}_${lang}` as `${F}_en`];
  const other = record[`${field}_${lang === "ar" ? "en" : "ar"}` as `${F}_en`];
  return (own?.trim() ? own : other) ?? "";
}

export const useLanguage = (): Language => useTranslation().lang;
