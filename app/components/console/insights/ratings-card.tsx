// Diners' ratings on the insights screen (docs/decisions/0055): the period's average and count, how many of each
// star, and the latest notes with their order number.
import { useConsoleTranslation } from "~/locales/console";
import type { BranchRatings } from "~/lib/console-types";

export function RatingsCard({ ratings, className }: { ratings: BranchRatings; className: string }) {
  const { t, lang } = useConsoleTranslation();
  const number = new Intl.NumberFormat(lang === "ar" ? "ar-AE" : "en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="insights-ratings" className={className} data-testid="insights-ratings">
      <h2 id="insights-ratings" className="font-bold">
        {t("console.insights.ratings.title")}
      </h2>
      {ratings.averageTenths === null ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.insights.ratings.none")}</p>
      ) : (
        <>
          <p className="mt-1 text-2xl font-bold" data-testid="insights-rating-average">
            <bdi>{t("console.insights.ratings.average", { average: number.format(ratings.averageTenths / 10), count: ratings.count })}</bdi>
          </p>
          <ul className="mt-2 grid gap-1 text-sm">
            {[5, 4, 3, 2, 1].map((stars) => (
              <li key={stars} className="flex items-center gap-2">
                <span className="w-10 shrink-0 tabular-nums">{t("console.insights.ratings.row", { stars })}</span>
                <span
                  className="h-2 rounded-full bg-amber-500"
                  style={{ width: `${(ratings.byStars[stars - 1]! / ratings.count) * 70}%` }}
                  aria-hidden="true"
                />
                <span className="tabular-nums">{ratings.byStars[stars - 1]}</span>
              </li>
            ))}
          </ul>
          {ratings.recent.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-bold">{t("console.insights.ratings.notes")}</h3>
              <ul className="mt-1 grid gap-2 text-sm" data-testid="insights-rating-notes">
                {ratings.recent.map((r) => (
                  <li key={`${r.num_order}-${r.rated_at}`} className="rounded-xl bg-stone-100 p-2 dark:bg-stone-800">
                    <span className="font-bold">
                      {t("console.insights.ratings.order", { number: r.num_order })} · {t("console.insights.ratings.row", { stars: r.stars })}
                    </span>
                    <bdi className="block">{r.note}</bdi>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
