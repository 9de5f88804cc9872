// The menu editor's count of the branch's dishes with no calories (docs/decisions/0070), opening into
// links to each dish's row, where its form takes the kcal. Nothing when every dish gives them.
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";

interface Dish {
  id: number;
  name_en: string;
  name_ar: string;
  calories: number | null;
}

/** At most this many are linked (an imported menu may have thousands); the count is of all. */
const LISTED = 50;

export function CalorieGaps({ dishes }: { dishes: readonly Dish[] }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const missing = dishes.filter((d) => d.calories === null);
  if (missing.length === 0) return null;
  return (
    <details
      id="calorie-gaps"
      data-testid="calorie-gaps"
      className="mt-3 rounded-2xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-700/20 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-300/20"
    >
      <summary className="cursor-pointer font-bold">
        <span data-testid="calorie-gaps-count">{t("console.nutrition.gaps.count", { count: missing.length })}</span>
        {" · "}
        <span className="underline underline-offset-4">{t("console.nutrition.gaps.show")}</span>
      </summary>
      <p className="mt-2 text-sm">{t("console.nutrition.gaps.hint")}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {missing.slice(0, LISTED).map((d) => (
          <li key={d.id}>
            <a
              href={`#dish-${d.id}`}
              className="inline-block rounded-full bg-white px-3 py-1 text-sm font-bold ring-1 ring-black/10 dark:bg-stone-900 dark:ring-white/15"
            >
              {localized(d, "name", lang)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
