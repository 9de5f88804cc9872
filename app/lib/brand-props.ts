// A restaurant's palette (cleaned on the server by brand.ts) as its pages' CSS variables: the only
// part of the colours a diner's browser runs, so its bundle carries none of the colour maths.
import type { CSSProperties } from "react";

/** What a restaurant's pages paint with: its light theme, and its accents on the dark surface. */
export interface BrandPalette {
  primary: string;
  onPrimary: string;
  background: string;
  onBackground: string;
  darkPrimary: string;
  darkOnPrimary: string;
}

/** The wrapper's attributes: app.css maps these variables onto the theme's colours (light or dark). */
export function brandProps(palette: BrandPalette): { "data-brand": ""; style: CSSProperties } {
  const vars = {
    "--brand-primary": palette.primary,
    "--brand-on-primary": palette.onPrimary,
    "--brand-background": palette.background,
    "--brand-on-background": palette.onBackground,
    "--brand-dark-primary": palette.darkPrimary,
    "--brand-dark-on-primary": palette.darkOnPrimary,
  };
  return { "data-brand": "", style: vars as CSSProperties };
}
