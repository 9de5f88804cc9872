// Sold out ("86") from the board: search the branch's dishes and mark one sold out for today (back
// at the branch's midnight) or until turned back on, or back on. Sold-out dishes are listed first.
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import type { SwitchDish } from "~/lib/console-types";
import { isSoldOut } from "../../../../worker/rules/availability";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";

interface Props {
  branchId: number;
}
interface Found {
  dishes: SwitchDish[];
  now: number;
}

const button =
  "min-h-11 rounded-full px-3 text-sm font-bold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60 dark:ring-stone-600 dark:hover:bg-stone-800";

function DishRow({ dish, branchId, now }: { dish: SwitchDish; branchId: number; now: number }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const fetcher = useFetcher<{ ok?: true; error?: string }>();
  const name = localized(dish, "name", lang);
  const state = dish.unavailable ? "manual" : isSoldOut(dish, now) ? "today" : "available";
  return (
    <li data-testid="sold-out-dish" data-state={state} className="flex flex-wrap items-center gap-2 py-2">
      <div className="me-auto min-w-0">
        <p className="font-bold">{name}</p>
        <p className={`text-sm ${state === "available" ? "text-stone-600 dark:text-stone-300" : "font-bold text-red-700 dark:text-red-300"}`}>
          {t(`console.switches.soldOut.${state}`)}
        </p>
      </div>
      <fetcher.Form
        method="post"
        action="/console/switches"
        role="group"
        aria-label={t("console.switches.soldOut.actions", { name })}
        className="flex flex-wrap gap-2"
      >
        <input type="hidden" name="intent" value="sold-out" />
        <input type="hidden" name="branch" value={branchId} />
        <input type="hidden" name="product_id" value={dish.id} />
        {state !== "today" && (
          <button type="submit" name="mode" value="today" disabled={fetcher.state !== "idle"} className={button}>
            {t("console.switches.soldOut.markToday")}
          </button>
        )}
        {state !== "manual" && (
          <button type="submit" name="mode" value="manual" disabled={fetcher.state !== "idle"} className={button}>
            {t("console.switches.soldOut.markManual")}
          </button>
        )}
        {state !== "available" && (
          <button
            type="submit"
            name="mode"
            value="off"
            disabled={fetcher.state !== "idle"}
            className={`${button} bg-emerald-700 text-white ring-0 hover:bg-emerald-800`}
          >
            {t("console.switches.soldOut.backOn")}
          </button>
        )}
      </fetcher.Form>
      {fetcher.data?.error && (
        <p role="alert" className="w-full text-sm font-bold text-red-700 dark:text-red-300">
          {t("console.switches.failed")}
        </p>
      )}
    </li>
  );
}

export function SoldOutPanel({ branchId }: Props) {
  const { t } = useConsoleTranslation();
  const search = useFetcher<Found>();
  const [query, setQuery] = useState("");
  const hintId = useId();
  // Typing settles for a moment before asking; a change made below reloads the list (revalidation).
  useEffect(() => {
    const timer = setTimeout(() => void search.load(`/console/switches?branch=${branchId}&q=${encodeURIComponent(query.trim())}`), query ? 200 : 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not `search`: a new object each render
  }, [branchId, query]);
  const found = search.data;
  const soldOut = found ? found.dishes.filter((d) => isSoldOut(d, found.now)).length : 0;
  return (
    <details data-testid="sold-out-panel" className="rounded-2xl bg-white p-3 ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
      <summary className="min-h-11 cursor-pointer content-center font-bold">
        {t("console.switches.soldOut.title")}
        {soldOut > 0 && (
          <span className="ms-2 rounded-full bg-red-700 px-2 py-0.5 text-sm text-white">{t("console.switches.soldOut.count", { count: soldOut })}</span>
        )}
      </summary>
      <label className="mt-2 block">
        <span className="mb-1 block text-sm font-bold">{t("console.switches.soldOut.search")}</span>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          maxLength={60}
          aria-describedby={hintId}
          className="h-11 w-full rounded-xl bg-stone-50 px-3 ring-1 ring-stone-300 focus:ring-2 focus:ring-stone-900 focus:outline-none dark:bg-stone-950 dark:ring-stone-600 dark:focus:ring-white"
        />
      </label>
      <p id={hintId} className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        {t("console.switches.soldOut.searchHint")}
      </p>
      {found &&
        (found.dishes.length === 0 ? (
          <p className="mt-2 text-stone-600 dark:text-stone-300">{t("console.switches.soldOut.none")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700" aria-live="polite">
            {found.dishes.map((dish) => (
              <DishRow key={dish.id} dish={dish} branchId={branchId} now={found.now} />
            ))}
          </ul>
        ))}
    </details>
  );
}
