// The menu editor's count of dishes with no allergen information (docs/decisions/0028), opening into links to
// each dish's allergen editor, so they can be found in a long menu. Nothing when all are declared.
import { Link } from "react-router";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";

/** A dish with no allergen information: its id and names are all the list links. */
interface UndeclaredDish {
  id: number;
  name_en: string;
  name_ar: string;
}

/** `total` undeclared dishes in the branch, the first `dishes` of them (at most the worker's LISTED_GAPS) linked. */
export function AllergenGaps({ total, dishes }: { total: number; dishes: UndeclaredDish[] }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  if (total === 0) return null;
  return (
    <details
      id="allergen-gaps"
      data-testid="allergen-gaps"
      className="mt-3 rounded-2xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-700/20 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-300/20"
    >
      <summary className="cursor-pointer font-bold">
        <span data-testid="allergen-gaps-count">{t("console.dishOptions.gaps.count", { count: total })}</span>
        {" · "}
        <span className="underline underline-offset-4">{t("console.dishOptions.gaps.show")}</span>
      </summary>
      <p className="mt-2 text-sm">{t("console.dishOptions.gaps.hint")}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {dishes.map((d) => (
          <li key={d.id}>
            <Link
              to={`/console/menu/dishes/${d.id}`}
              className="inline-block rounded-full bg-white px-3 py-1 text-sm font-bold ring-1 ring-black/10 dark:bg-stone-900 dark:ring-white/15"
            >
              {localized(d, "name", lang)}
            </Link>
          </li>
        ))}
      </ul>
      {total > dishes.length && <p className="mt-2 text-sm">{t("console.dishOptions.gaps.firstOnly", { count: dishes.length })}</p>}
    </details>
  );
}
