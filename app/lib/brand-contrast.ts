// The console's contrast warning for the colours an owner types (before cleanBrand adjusts them for
// diners): each text pair's WCAG ratio from brand.ts's one contrast(), and the pairs under AA (4.5:1).
import { AA, contrast, parseColour, type BrandStyle } from "./brand";

/** A pair the diner's light screens draw text with: buttons and the top bar, page text, prices and links. */
type ContrastPair = "onPrimary" | "onBackground" | "primaryText";

export interface ContrastCheck {
  pair: ContrastPair;
  /** The ratio, rounded down to one decimal (so 4.48 never shows as a passing 4.5). */
  ratio: number;
  ok: boolean;
}

const WHITE = parseColour("#ffffff");
const floor1 = (n: number) => Math.floor(n * 10) / 10;

/** Each pair's ratio as typed; a colour that is not a colour yet (half typed) leaves its pairs out. */
export function contrastChecks(style: BrandStyle): ContrastCheck[] {
  const [primary, onPrimary, background, onBackground] = [style.primary, style.onPrimary, style.background, style.onBackground].map((c) => parseColour(c));
  // Page text and prices sit on the background and on the light theme's white cards: the worse counts.
  const pairs: [ContrastPair, typeof primary, (typeof primary)[]][] = [
    ["onPrimary", onPrimary, [primary]],
    ["onBackground", onBackground, [background, WHITE]],
    ["primaryText", primary, [background, WHITE]],
  ];
  return pairs.flatMap(([pair, text, fills]) => {
    if (!text || fills.some((f) => !f)) return [];
    const ratio = Math.min(...fills.map((f) => contrast(text, f!)));
    return [{ pair, ratio: floor1(ratio), ok: ratio >= AA }];
  });
}
