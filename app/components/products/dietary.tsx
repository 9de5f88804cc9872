// A dish's allergens and dietary tags on its card: glyphs with an accessible name, and "Allergens not
// declared" in words (only a mark in the three-column grid); below them SFDA's labels (docs/decisions/0070),
// written small here since every card of the menu page's first load carries them. The sheet's fuller version is
// ./sheet-dietary.tsx, which the menu page loads only with the sheet.
import { useTranslation } from "~/lib/i18n";
import type { NutritionFacts } from "./sheet-nutrition";
import { ALLERGEN_PATH, Glyph, SALT_PATH, TAG_PATHS, UNKNOWN_PATH, type Facts } from "./dietary-glyphs";

/** `compact` (the three-column grid) names the unknown mark without words. */
export function Dietary({ product, compact = false }: { product: Facts; compact?: boolean }) {
  const { t, lang } = useTranslation();
  const declared = product.allergens;
  if (declared !== null && declared.length === 0 && product.tags.length === 0) return null;
  const allergens = (declared ?? []).map((a) => t(`dietary.allergens.${a}`)).join(lang === "ar" ? "، " : ", ");
  const contains = t("dietary.contains", { list: allergens });
  const unknown = t("dietary.notDeclared");
  // Cards: one compact line; each glyph is named for screen readers (spans: a list's items cannot be
  // images). No tooltips: the words are on the dish's sheet and page (./sheet-dietary.tsx), and a
  // phone has no hover.
  return (
    <p className="flex min-h-5 flex-wrap items-center gap-1.5 text-on-surface/70" data-testid="card-dietary">
      {product.tags.map((tag) => (
        <span key={tag} role="img" aria-label={t(`dietary.tags.${tag}`)} className="inline-flex items-center text-emerald-700 dark:text-emerald-400">
          <Glyph d={TAG_PATHS[tag]} />
        </span>
      ))}
      {declared !== null && declared.length > 0 && (
        <span role="img" aria-label={contains} className="inline-flex items-center gap-0.5 text-xs text-amber-800 dark:text-amber-300">
          <Glyph d={ALLERGEN_PATH} />
          <span aria-hidden="true" data-testid="card-allergen-count">
            {t("dietary.allergenCount", { count: declared.length })}
          </span>
        </span>
      )}
      {declared === null && (
        // The three-column grid shows only the mark, named; the others say it in words.
        <span
          role={compact ? "img" : undefined}
          aria-label={compact ? unknown : undefined}
          className="inline-flex items-center gap-1 text-xs"
          data-testid="card-allergens-unknown"
        >
          <Glyph d={UNKNOWN_PATH} />
          {!compact && unknown}
        </span>
      )}
    </p>
  );
}

/** SFDA's labels on a card: "450 kcal", the caffeine and the salt shaker, named (every view, the three-column grid too). */
export function CardNutrition({ product }: { product: NutritionFacts }) {
  const { t } = useTranslation();
  const { calories, caffeine_mg } = product;
  return calories === null && caffeine_mg === null && !product.high_salt ? null : (
    <p className="flex min-h-5 flex-wrap items-center gap-1.5 text-on-surface/70" data-testid="card-nutrition">
      {calories !== null && t("nutrition.kcal", { kcal: calories })}
      {caffeine_mg !== null && <span>{t("nutrition.caffeine", { mg: caffeine_mg })}</span>}
      {product.high_salt && (
        <span role="img" aria-label={t("nutrition.highSalt")}>
          <Glyph d={SALT_PATH} />
        </span>
      )}
    </p>
  );
}
