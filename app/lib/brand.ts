// A restaurant's colours become CSS variables on its pages. They come from the restaurant API,
// so only plain colour values pass: anything else falls back to the product's defaults.
import type { CSSProperties } from "react";

const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/deg]+\)|[a-z]{3,24})$/i;

export interface BrandStyle {
  primary?: string | null;
  onPrimary?: string | null;
  background?: string | null;
  onBackground?: string | null;
}

const cssColour = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed && COLOUR.test(trimmed) ? trimmed : undefined;
};

/** Only valid colours, so the loader sends nothing that CSS would have to reject. */
export function cleanBrand(style: BrandStyle | null | undefined): BrandStyle {
  return {
    primary: cssColour(style?.primary),
    onPrimary: cssColour(style?.onPrimary),
    background: cssColour(style?.background),
    onBackground: cssColour(style?.onBackground),
  };
}

export function brandVariables(style: BrandStyle): CSSProperties {
  const vars: Record<string, string> = {};
  if (style.primary) vars["--brand-primary"] = style.primary;
  if (style.onPrimary) vars["--brand-on-primary"] = style.onPrimary;
  if (style.background) vars["--brand-background"] = style.background;
  if (style.onBackground) vars["--brand-on-background"] = style.onBackground;
  return vars as CSSProperties;
}
