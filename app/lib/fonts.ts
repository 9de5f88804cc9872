// The Cairo files a page's first paint draws with, by language. Preloaded, they arrive with the
// stylesheet, so text is laid out once in Cairo instead of in a fallback font that then swaps
// (which moved the product cards: layout shift). The same files app.css declares (Vite gives both
// imports one hashed URL).
import arabic400 from "@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url";
import arabic700 from "@fontsource/cairo/files/cairo-arabic-700-normal.woff2?url";
import latin400 from "@fontsource/cairo/files/cairo-latin-400-normal.woff2?url";
import latin700 from "@fontsource/cairo/files/cairo-latin-700-normal.woff2?url";
import type { Language } from "~/locales";

// Arabic pages show prices and numbers in Latin digits too, some of them bold.
const FIRST_PAINT_FONTS: Record<Language, string[]> = {
  en: [latin400, latin700],
  ar: [arabic400, arabic700, latin400, latin700],
};

export const firstPaintFonts = (lang: Language) => FIRST_PAINT_FONTS[lang];
