// Search that forgives how people type on a phone: case, Arabic letter variants (أ/إ/آ/ٱ → ا,
// ة → ه, ى → ي, ؤ → و, ئ → ي), tashkeel and tatweel, and extra spaces.

const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g; // harakat, Quranic marks, tatweel
const ALEF = /[\u0622\u0623\u0625\u0671]/g;

export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(TASHKEEL, "")
    .replace(ALEF, "\u0627")
    .replace(/\u0629/g, "\u0647")
    .replace(/\u0649/g, "\u064A")
    .replace(/\u0624/g, "\u0648")
    .replace(/\u0626/g, "\u064A")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "") // Latin accents: "cafe" finds "Café"
    .replace(/\s+/g, " ")
    .trim();
}

export interface Searchable {
  name_en: string;
  name_ar: string;
  description_en?: string | null;
  description_ar?: string | null;
}

/** An index built once per catalogue; `match` then costs one `includes` per item and word. */
export function buildSearchIndex<T extends Searchable>(items: readonly T[]) {
  const entries = items.map((item) => ({
    item,
    text: normalizeForSearch([item.name_en, item.name_ar, item.description_en ?? "", item.description_ar ?? ""].join(" ")),
  }));
  return {
    /** Items containing every word of `query`, in catalogue order. */
    match(query: string, limit = 50): T[] {
      const words = normalizeForSearch(query).split(" ").filter(Boolean);
      if (words.length === 0) return [];
      const found: T[] = [];
      for (const entry of entries) {
        if (words.every((w) => entry.text.includes(w))) {
          found.push(entry.item);
          if (found.length >= limit) break;
        }
      }
      return found;
    },
  };
}
