// A restaurant's colours become CSS variables on its pages. They come from the restaurant API, so
// they are parsed (anything but a hex, rgb() or hsl() colour falls back to the product's own) and
// made readable here, on the server, once: every text/background pair meets WCAG AA (4.5:1).

export interface BrandStyle {
  primary?: string | null;
  onPrimary?: string | null;
  background?: string | null;
  onBackground?: string | null;
}

import type { BrandPalette } from "./brand-props";

type Rgb = readonly [number, number, number];

/** The product's own colours (app.css's @theme holds the same for pages without a restaurant). */
export const PRODUCT: Required<{ [K in keyof BrandStyle]: string }> = {
  primary: "#b45309",
  onPrimary: "#ffffff",
  background: "#fffbf5",
  onBackground: "#1c1917",
};
/** Where tenant text sits in light theme besides the background: white cards. */
const LIGHT_CARDS = ["#ffffff"];
/** The dark surface (app.css's `.dark`) and the cards on it (stone-900): accents must read on both. */
export const DARK_SURFACES = ["#141210", "#1c1917"];
export const AA = 4.5;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const FUNCTION = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*(${NUMBER})(%|deg)?\s*[,\s]\s*(${NUMBER})(%?)\s*[,\s]\s*(${NUMBER})(%?)\s*(?:[,/]\s*${NUMBER}%?\s*)?\)$`,
  "i",
);
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** sRGB channels (integers 0–255) of a CSS colour; alpha is ignored (brand colours are painted opaque). */
export function parseColour(value: string | null | undefined): Rgb | undefined {
  const text = value?.trim() ?? "";
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex.slice(0, 3)].map((d) => d + d) : [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)];
    return digits.map((d) => parseInt(d, 16)) as unknown as Rgb;
  }
  const match = FUNCTION.exec(text);
  if (!match) return undefined;
  const [, name, a, aUnit, b, bUnit, c, cUnit] = match as unknown as string[];
  if (name!.toLowerCase().startsWith("rgb")) {
    if (aUnit === "deg") return undefined;
    const channel = (n: string, unit: string) => Math.round(clamp(unit === "%" ? (Number(n) * 255) / 100 : Number(n), 0, 255));
    return [channel(a!, aUnit ?? ""), channel(b!, bUnit!), channel(c!, cUnit!)];
  }
  if (aUnit === "%" || bUnit !== "%" || cUnit !== "%") return undefined;
  return hslToRgb(((Number(a) % 360) + 360) % 360, clamp(Number(b) / 100, 0, 1), clamp(Number(c) / 100, 0, 1));
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return [Math.round(f(0)), Math.round(f(8)), Math.round(f(4))];
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === rn ? ((gn - bn) / d) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [(h * 60 + 360) % 360, s, l];
}

export const toHex = (rgb: Rgb) => `#${rgb.map((n) => n.toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2 relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((n) => {
    const c = n / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1–21). */
export function contrast(a: Rgb | string, b: Rgb | string): number {
  const [la, lb] = [a, b].map((c) => luminance(typeof c === "string" ? parseColour(c)! : c)) as [number, number];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const readsOn = (text: Rgb, backgrounds: readonly (Rgb | string)[]) => backgrounds.every((bg) => contrast(text, bg) >= AA);

/** Black or white, whichever reads better on the background (one of them always passes AA). */
const readableOn = (background: Rgb): Rgb => (contrast(BLACK, background) >= contrast(WHITE, background) ? BLACK : WHITE);

/** The colour with its hue and saturation, lightened or darkened just enough to read on every background. */
function legibleOn(colour: Rgb, backgrounds: readonly (Rgb | string)[], direction: "lighter" | "darker"): Rgb {
  const [h, s, l] = rgbToHsl(colour);
  for (let step = 0; step <= 100; step++) {
    const candidate = step === 0 ? colour : hslToRgb(h, s, clamp(direction === "lighter" ? l + step / 100 : l - step / 100, 0, 1));
    if (readsOn(candidate, backgrounds)) return candidate;
  }
  return direction === "lighter" ? WHITE : BLACK;
}

/** The restaurant's text colour for a fill if it reads there, else black or white. */
const onColour = (wanted: Rgb | undefined, fill: Rgb, others: readonly (Rgb | string)[] = []) =>
  wanted && readsOn(wanted, [fill, ...others]) ? wanted : readableOn(fill);

/** The colours a restaurant's pages use: its own where valid, adjusted where they would not read. */
export function cleanBrand(style: BrandStyle | null | undefined): BrandPalette {
  const brandPrimary = parseColour(style?.primary) ?? parseColour(PRODUCT.primary)!;
  const wantedOnPrimary = parseColour(style?.onPrimary) ?? (style?.primary ? undefined : parseColour(PRODUCT.onPrimary));
  // The light theme's cards are white: a dark restaurant background would leave their text unreadable.
  const ownBackground = parseColour(style?.background);
  const background = ownBackground && readableOn(ownBackground) === BLACK ? ownBackground : parseColour(PRODUCT.background)!;
  const onBackground = onColour(parseColour(style?.onBackground) ?? parseColour(PRODUCT.onBackground), background, LIGHT_CARDS);
  // The primary is a fill and a text colour (prices, links): as text it must read on the background.
  const primary = legibleOn(brandPrimary, [background, ...LIGHT_CARDS], "darker");
  const darkPrimary = legibleOn(brandPrimary, DARK_SURFACES, "lighter");
  return {
    primary: toHex(primary),
    onPrimary: toHex(onColour(wantedOnPrimary, primary)),
    background: toHex(background),
    onBackground: toHex(onBackground),
    darkPrimary: toHex(darkPrimary),
    darkOnPrimary: toHex(onColour(wantedOnPrimary, darkPrimary)),
  };
}
