// SFDA's menu labels on a dish (docs/decisions/0070): its kcal, caffeine and the high-salt icon (a salt
// shaker) on the card; on the sheet and page also the brisk walking that burns the kcal. Plain inline SVG
// in currentColor, so it reads in light and dark; no imports beyond the pure rule.
import { useTranslation } from "~/lib/i18n";
import { walkingMinutes } from "../../../worker/rules/nutrition";

export interface NutritionFacts {
  calories: number | null;
  caffeine_mg: number | null;
  high_salt: boolean;
}

const SALT_SHAKER = "M9 9V6.5a3 3 0 0 1 6 0V9M7 9h10l-1.2 12H8.2L7 9Zm4-3.5h.01M13 5.5h.01M12 4h.01";
const WALKER = "M13.5 3.5h.01M10 21l2.5-6.5L15 17v4M9 12l1.5-4 3-1 2 3.5 2.5 1M10.5 8 8 9.5 7 12";

function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
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

/** The salt shaker, named for screen readers (an image in a line of text). */
function HighSalt({ withWords }: { withWords: boolean }) {
  const { t } = useTranslation();
  const label = t("nutrition.highSalt");
  return withWords ? (
    <span className="inline-flex items-center gap-1 font-bold" data-testid="high-salt">
      <Icon d={SALT_SHAKER} />
      {label}
    </span>
  ) : (
    <span role="img" aria-label={label} title={label} className="inline-flex items-center" data-testid="high-salt">
      <Icon d={SALT_SHAKER} />
    </span>
  );
}

/** A card's line: "450 kcal", the caffeine (not in the three-column grid) and the salt shaker. */
export function CardNutrition({ product, compact = false }: { product: NutritionFacts; compact?: boolean }) {
  const { t } = useTranslation();
  if (product.calories === null && product.caffeine_mg === null && !product.high_salt) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs font-bold text-on-surface/75" data-testid="card-nutrition">
      {product.calories !== null && <span data-testid="card-kcal">{t("nutrition.kcal", { kcal: product.calories })}</span>}
      {product.caffeine_mg !== null && !compact && <span data-testid="card-caffeine">{t("nutrition.caffeine", { mg: product.caffeine_mg })}</span>}
      {product.high_salt && <HighSalt withWords={false} />}
    </p>
  );
}

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
              <Icon d={WALKER} />
              {t("nutrition.walking", { minutes })}
            </span>
          )}
        </p>
      )}
      {(product.caffeine_mg !== null || product.high_salt) && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {product.caffeine_mg !== null && <span data-testid="sheet-caffeine">{t("nutrition.caffeine", { mg: product.caffeine_mg })}</span>}
          {product.high_salt && <HighSalt withWords />}
        </p>
      )}
    </div>
  );
}

/** SFDA's statement of daily needs, under a menu page that gives calories. */
export function DailyNeeds() {
  const { t } = useTranslation();
  return (
    <p className="text-xs text-on-surface/70" data-testid="daily-needs">
      {t("nutrition.dailyNeeds")}
    </p>
  );
}
