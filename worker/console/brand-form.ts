// What the brand screen's form needs in the browser too (app/routes/console/brand.tsx): its colour
// fields and the longest link. Only a type import: the client bundle takes it without ./brand.ts's server code.
import type { BrandColours } from "../restaurant/brand-rows";

/** The form's colour fields, in the screen's order. */
export const COLOUR_FIELDS = ["primary", "onPrimary", "background", "onBackground"] as const satisfies readonly (keyof BrandColours)[];
export type ColourField = (typeof COLOUR_FIELDS)[number];
/** The longest social link kept (a long maps link fits). */
export const SOCIAL_MAX = 300;
