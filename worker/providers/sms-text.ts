// The diners' code text: the code and the platform first, the restaurant's name last, in a bounded,
// cleaned slot. A name reaches here from the database; whatever it holds (line breaks, control or
// text-direction characters from rows written before the one text rule, ../rules/plain-text.ts), the
// message cannot be opened with the restaurant's words or made to read as something else.
import type { Language as DinerLanguage } from "../rules/languages";

/** The longest restaurant name the text carries (code points); a longer one ends in "…". */
export const NAME_SLOT = 30;

// Controls, format characters (bidi marks, embeddings, overrides and isolates, zero-width ones) and
// line or paragraph separators.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** `name` as one plain line of at most NAME_SLOT characters. */
export function nameSlot(name: string): string {
  const plain = name.replace(UNSAFE, " ").replace(/\s+/gu, " ").trim();
  const chars = Array.from(plain);
  return chars.length <= NAME_SLOT
    ? plain
    : `${chars
        .slice(0, NAME_SLOT - 1)
        .join("")
        .trimEnd()}…`;
}

/** "123456 is your Menu code for Saffron. …": digits stay ASCII; the name's slot is quoted. */
export function dinerCodeText(appName: string, restaurant: { name_en: string; name_ar: string }, code: string, minutes: number, lang: DinerLanguage): string {
  const app = nameSlot(appName) || "Menu";
  return lang === "ar"
    ? `${code} رمز التحقق من ${app} لطلبك من «${nameSlot(restaurant.name_ar)}». صالح لمدة ${minutes} دقائق.`
    : `${code} is your ${app} code for "${nameSlot(restaurant.name_en)}". It expires in ${minutes} minutes.`;
}
