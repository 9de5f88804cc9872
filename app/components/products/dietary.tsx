// A dish's allergens and dietary tags: small glyphs with words on the sheet, glyphs with an
// accessible name on cards. Plain inline SVG (no emoji, no icon font), drawn in currentColor so
// they read in light and dark alike.
import { useTranslation } from "~/lib/i18n";
import type { Allergen, Tag } from "../../../worker/api/dietary";

const glyph = "size-4 shrink-0";
/** One simple mark per tag; allergens share a warning mark (the words carry which). */
const TAG_PATHS: Record<Tag, string> = {
  vegetarian: "M5 19c0-8 6-13 14-14-1 8-6 14-14 14Zm0 0 7-7",
  vegan: "M12 20V9m0 0c0-3 2-5 6-5 0 4-2 6-6 5Zm0 4c0-3-2-5-6-5 0 4 2 6 6 5",
  spicy: "M8 8c-2 4-1 10 6 12 5-1 6-7 4-11-1-2-3-2-4-1-2 1-4 1-6 0Zm5-4c0 2 1 3 2 3",
  halal: "M4 12a8 8 0 1 0 16 0 8 8 0 1 0-16 0m5 0 2 2 4-4",
};
const ALLERGEN_PATH = "M12 3 2.5 20h19L12 3Zm0 6v5m0 3v.5";

function Glyph({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className={glyph} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/** A circled question mark: the dish's allergens were never declared. */
const UNKNOWN_PATH = "M4 12a8 8 0 1 0 16 0 8 8 0 1 0-16 0m5.5-2.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.2m0 3v.5";

type Facts = { allergens: Allergen[] | null; tags: Tag[] };

/**
 * `allergens` null: never declared (docs/decisions/0028), said in words on cards and the sheet;
 * [] is a declaration of none. `compact` (the three-column grid) names the unknown mark without words.
 */
export function Dietary({ product, full = false, compact = false }: { product: Facts; full?: boolean; compact?: boolean }) {
  const { t, lang } = useTranslation();
  const declared = product.allergens;
  if (!full && declared !== null && declared.length === 0 && product.tags.length === 0) return null;
  const allergens = (declared ?? []).map((a) => t(`dietary.allergens.${a}`)).join(lang === "ar" ? "، " : ", ");
  const contains = t("dietary.contains", { list: allergens });
  const unknown = t("dietary.notDeclared");
  if (!full) {
    // Cards: one compact line; each glyph is named for screen readers (spans: a list's items cannot be images).
    return (
      <p className="flex min-h-5 flex-wrap items-center gap-1.5 text-on-surface/70" data-testid="card-dietary">
        {product.tags.map((tag) => (
          <span key={tag} role="img" aria-label={t(`dietary.tags.${tag}`)} title={t(`dietary.tags.${tag}`)} className="inline-flex items-center text-emerald-700 dark:text-emerald-400"><Glyph d={TAG_PATHS[tag]} /></span>
        ))}
        {declared !== null && declared.length > 0 && (
          <span role="img" aria-label={contains} title={contains} className="inline-flex items-center gap-0.5 text-xs text-amber-800 dark:text-amber-300">
            <Glyph d={ALLERGEN_PATH} /><span aria-hidden="true">{declared.length}</span>
          </span>
        )}
        {declared === null && (compact
          ? <span role="img" aria-label={unknown} title={unknown} className="inline-flex items-center" data-testid="card-allergens-unknown"><Glyph d={UNKNOWN_PATH} /></span>
          : <span className="inline-flex items-center gap-1 text-xs" data-testid="card-allergens-unknown"><Glyph d={UNKNOWN_PATH} />{unknown}</span>)}
      </p>
    );
  }
  return (
    <div className="space-y-1.5 text-sm" data-testid="sheet-dietary">
      {product.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {product.tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-bold text-emerald-800 ring-1 ring-emerald-700/40 dark:text-emerald-300 dark:ring-emerald-300/40">
              <Glyph d={TAG_PATHS[tag]} />{t(`dietary.tags.${tag}`)}
            </li>
          ))}
        </ul>
      )}
      {declared === null && <p className="flex items-start gap-1.5 font-bold" data-testid="sheet-allergens-unknown"><Glyph d={UNKNOWN_PATH} /><span>{unknown}</span></p>}
      {declared !== null && declared.length > 0 && (
        <p className="flex items-start gap-1.5 text-amber-900 dark:text-amber-200"><Glyph d={ALLERGEN_PATH} /><span>{contains}</span></p>
      )}
      {declared !== null && declared.length === 0 && <p className="flex items-start gap-1.5" data-testid="sheet-allergens-none"><Glyph d="m5 12 5 5 9-10" /><span>{t("dietary.noneDeclared")}</span></p>}
      {/* Whatever is declared, the kitchen knows best: the sheet always says to ask. */}
      <p className="text-on-surface/70" data-testid="ask-staff">{t("dietary.askStaff")}</p>
    </div>
  );
}
