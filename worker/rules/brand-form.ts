// What the brand screen's form needs in the browser too (app/routes/console/brand.tsx): its colour
// fields and the longest link. No imports: the client bundle takes it without the screen's server code
// (worker/console/brand.ts); the restaurant's rows (worker/restaurant/brand-rows.ts) use the same names.

/** The form's colour fields, in the screen's order. */
export const COLOUR_FIELDS = ["primary", "onPrimary", "background", "onBackground"] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];
/** The longest social link kept (a long maps link fits). */
export const SOCIAL_MAX = 300;
