// For people in several restaurants: a plain form posting the chosen restaurant's id (the server
// checks the membership), so it works before and without the page's JavaScript.
import { Form, useLocation } from "react-router";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";

interface Props {
  current: number;
  restaurants: { id: number; name_en: string; name_ar: string }[];
}

export function RestaurantSwitcher({ current, restaurants }: Props) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const location = useLocation();
  return (
    <Form method="post" action="/console/restaurant" className="flex items-center gap-2" data-testid="restaurant-switcher">
      <label htmlFor="console-restaurant" className="sr-only">
        {t("console.switchRestaurant")}
      </label>
      <select
        id="console-restaurant"
        name="restaurant"
        defaultValue={current}
        className="min-w-0 max-w-48 truncate rounded-full border-0 bg-black/5 px-3 py-2 text-sm font-bold dark:bg-white/10"
      >
        {restaurants.map((r) => (
          <option key={r.id} value={r.id}>
            {localized(r, "name", lang)}
          </option>
        ))}
      </select>
      <input type="hidden" name="returnTo" value={location.pathname} />
      <button type="submit" className="rounded-full px-3 py-2 text-sm font-bold ring-1 ring-black/15 dark:ring-white/20">
        {t("console.switchTo")}
      </button>
    </Form>
  );
}
