// A dish's SFDA labels on its sheet and page (docs/decisions/0070): the kcal with the brisk walking that
// burns them (worker/rules/nutrition.ts), the caffeine, and high salt in words. Loaded with the sheet, not
// with the menu page (the card's line is ./dietary.tsx's CardNutrition).
import { useTranslation } from "~/lib/i18n";
import { walkingMinutes } from "../../../worker/rules/nutrition";
import { Glyph, SALT_PATH } from "./dietary-glyphs";

/** What the labels are about: kcal and caffeine as given (null: not), the high-salt mark. */
export interface NutritionFacts {
  calories: number | null;
  caffeine_mg: number | null;
  high_salt: boolean;
}

const WALKER = "M13.5 3.5h.01M10 21l2.5-6.5L15 17v4M9 12l1.5-4 3-1 2 3.5 2.5 1M10.5 8 8 9.5 7 12";

/** The sheet's and page's block: kcal with the walking that burns them, caffeine, high salt in words. */
export function SheetNutrition({ product }: { product: NutritionFacts }) {
  const { t } = useTranslation();
  const minutes = walkingMinutes(product.calories);
  if (product.calories === null && product.caffeine_mg === null && !product.high_salt) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="sheet-nutrition">
      {product.calories !== null && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-bold" data-testid="sheet-kcal">
            {t("nutrition.kcal", { kcal: product.calories })}
          </span>
          {minutes !== null && (
            <span className="inline-flex items-center gap-1 text-on-surface/75" data-testid="sheet-walking">
              <Glyph d={WALKER} />
              {t("nutrition.walking", { minutes })}
            </span>
          )}
        </p>
      )}
      {(product.caffeine_mg !== null || product.high_salt) && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {product.caffeine_mg !== null && <span data-testid="sheet-caffeine">{t("nutrition.caffeine", { mg: product.caffeine_mg })}</span>}
          {product.high_salt && (
            <span className="inline-flex items-center gap-1 font-bold" data-testid="high-salt">
              <Glyph d={SALT_PATH} />
              {t("nutrition.highSalt")}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
