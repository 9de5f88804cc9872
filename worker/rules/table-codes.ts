// Table QR codes: URL → symbol (./qr-symbol.ts), their limits and the sheet's layouts. The server builds
// the codes; the HTML sheet and the PDF (app/lib/codes-pdf.ts) draw the same path of module rectangles,
// so what is printed from either decodes the same.
import { qrSymbol, type QrSymbol } from "./qr-symbol";

/** The most codes one sheet (or PDF) holds: enough for a large restaurant, small enough for one request. */
export const MAX_CODES = 200;
/** Codes per A4 page the sheet offers, and each one's grid (columns × rows). */
export const LAYOUTS = { 1: [1, 1], 4: [2, 2], 6: [2, 3], 12: [3, 4] } as const;
export type PerPage = keyof typeof LAYOUTS;

export interface TableCode extends QrSymbol {
  table: number;
  url: string;
}

/** The code for one URL. */
export const tableCode = (table: number, url: string): TableCode => ({ table, url, ...qrSymbol(url) });

/** The codes split into pages of `per`. */
export function pagesOf<T>(codes: readonly T[], per: PerPage): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < codes.length; i += per) pages.push(codes.slice(i, i + per));
  return pages;
}

/** The call to action under every code, in both languages (the PDF draws the Arabic as a picture). */
export const SCAN_TO_ORDER = { en: "Scan to order", ar: "امسح للطلب" } as const;
