// Sign-up suggests a web address from the restaurant's name, in the page as the owner types and on
// the server when the field is left empty (no script): one derivation for both. Whether the result
// may be taken is reserved.ts's rule and the database's answer (signup.ts suggestDomain).
import { asciiDigits } from "./digits";

// Arabic letters as they are commonly written in Latin letters on signs and menus in the Gulf.
const ARABIC: Record<string, string> = {
  ا: "a",
  أ: "a",
  إ: "i",
  آ: "a",
  ٱ: "a",
  ب: "b",
  ت: "t",
  ث: "th",
  ج: "j",
  ح: "h",
  خ: "kh",
  د: "d",
  ذ: "dh",
  ر: "r",
  ز: "z",
  س: "s",
  ش: "sh",
  ص: "s",
  ض: "d",
  ط: "t",
  ظ: "z",
  ع: "a",
  غ: "gh",
  ف: "f",
  ق: "q",
  ك: "k",
  ل: "l",
  م: "m",
  ن: "n",
  ه: "h",
  ة: "a",
  و: "w",
  ؤ: "u",
  ي: "y",
  ى: "a",
  ئ: "y",
  ء: "",
  پ: "p",
  چ: "ch",
  ژ: "zh",
  ڤ: "v",
  گ: "g",
  ک: "k",
  ی: "y",
};
// Harakat, tatweel and other marks that carry no letter.
const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640\u0300-\u036F]/g;

const MAX = 40;

/**
 * A web address made from a name: Latin letters kept (accents dropped), Arabic transliterated, "&"
 * read as "and", everything else a hyphen; at most 40 characters, cut at a hyphen where one is near.
 * An empty string when the name gives fewer than 3 letters or digits.
 */
export function slugFromName(name: string): string {
  // Digits in Arabic scripts read as ASCII before the letters are transliterated.
  const latin = asciiDigits(name.normalize("NFKD").replace(MARKS, ""))
    .replace(/[\u0600-\u06FF]/g, (letter) => ARABIC[letter] ?? " ")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  let slug = latin;
  if (slug.length > MAX) {
    const cut = slug.slice(0, MAX + 1);
    const hyphen = cut.lastIndexOf("-");
    slug = (hyphen >= 20 ? cut.slice(0, hyphen) : cut.slice(0, MAX)).replace(/-+$/, "");
  }
  return slug.replace(/-/g, "").length >= 3 && slug.length >= 3 ? slug : "";
}

/** The first name (English, else Arabic) that makes an address. */
export function slugFromNames(...names: (string | undefined)[]): string {
  for (const name of names) {
    const slug = slugFromName(name ?? "");
    if (slug) return slug;
  }
  return "";
}
