// The marks of a dish's allergens and dietary tags (./dietary.tsx on cards, ./sheet-dietary.tsx on the
// sheet): plain inline SVG (no emoji, no icon font), drawn in currentColor so they read in light and
// dark alike.
import type { Allergen, Tag } from "../../../worker/rules/dietary";

const glyph = "size-4 shrink-0";
/** One simple mark per tag; allergens share a warning mark (the words carry which). */
export const TAG_PATHS: Record<Tag, string> = {
  vegetarian: "M5 19c0-8 6-13 14-14-1 8-6 14-14 14Zm0 0 7-7",
  vegan: "M12 20V9m0 0c0-3 2-5 6-5 0 4-2 6-6 5Zm0 4c0-3-2-5-6-5 0 4 2 6 6 5",
  spicy: "M8 8c-2 4-1 10 6 12 5-1 6-7 4-11-1-2-3-2-4-1-2 1-4 1-6 0Zm5-4c0 2 1 3 2 3",
  halal: "M4 12a8 8 0 1 0 16 0 8 8 0 1 0-16 0m5 0 2 2 4-4",
};
export const ALLERGEN_PATH = "M12 3 2.5 20h19L12 3Zm0 6v5m0 3v.5";
/** SFDA's high-salt mark, a salt shaker (docs/decisions/0070). */
export const SALT_PATH = "M9 9V7a3 3 0 0 1 6 0v2M7 9h10l-1 12H8Zm4-4h.01M13 5h.01";

export function Glyph({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={glyph}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

/** A circled question mark: the dish's allergens were never declared. */
export const UNKNOWN_PATH = "M4 12a8 8 0 1 0 16 0 8 8 0 1 0-16 0m5.5-2.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.2m0 3v.5";

/** What the marks are about: `allergens` null when never declared (docs/decisions/0028), [] a declaration of none. */
export type Facts = { allergens: Allergen[] | null; tags: Tag[] };
