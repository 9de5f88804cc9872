// A first visit has no language cookie: the browser's Accept-Language picks English or Arabic.
// One parse, used by the page (readPageCookies) and so by the page cache's key, which is made from
// the same reading: an Arabic phone and an English phone never share a rendered page.
import { defaultLanguage, isLanguage, type Language } from "./languages";

// A header longer than any browser sends is read only this far (its first ranges decide anyway).
const MAX_HEADER = 1024;
const MAX_RANGES = 32;
// RFC 9110: a language range (`ar`, `ar-AE`, `*`) and an optional weight `q=0`…`q=1` (3 decimals).
const RANGE = /^([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*$|^\*$/;
const WEIGHT = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The language an Accept-Language header prefers among ours: the supported primary tag with the
 * highest weight, the earlier one on a tie; `ar-AE` is Arabic; a weight of 0 refuses. Anything
 * unreadable (no header, garbage, only other languages) is the default.
 */
export function acceptedLanguage(header: string | null): Language {
  if (!header) return defaultLanguage;
  let best: Language | null = null;
  let bestWeight = 0;
  const parts = header.slice(0, MAX_HEADER).split(",");
  // A range cut short at the bound (`arz` read as `ar`) is not read.
  if (header.length > MAX_HEADER) parts.pop();
  for (const part of parts.slice(0, MAX_RANGES)) {
    const [range = "", ...params] = part.split(";").map((piece) => piece.trim());
    const tag = RANGE.exec(range)?.[1]?.toLowerCase();
    if (!isLanguage(tag)) continue;
    const weight = readWeight(params);
    if (weight !== null && weight > bestWeight) {
      best = tag;
      bestWeight = weight;
    }
  }
  return best ?? defaultLanguage;
}

/** The range's weight (1 when not given), or null when a parameter is unreadable. */
function readWeight(params: string[]): number | null {
  if (params.length === 0) return 1;
  if (params.length > 1) return null;
  const match = WEIGHT.exec(params[0]!.replace(/\s+/g, ""));
  return match ? Number(match[1]) : null;
}
