// /console/menu: read-only until the menu editor lands (issue 16): menus per branch, their
// categories and dishes with price and the hidden / unavailable flags.
import type { Route } from "./+types/menu";
import { PictureControl } from "~/components/console/pictures/picture-control";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import { loadMenu } from "./menu.server";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMenu(request, context);
}

const flag = "rounded-full px-2 py-0.5 text-xs font-bold";

export default function ConsoleMenu({ loaderData: { menus, branches, currency, pictures } }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const branchName = (id: number) => {
    const branch = branches.find((b) => b.id === id);
    return branch ? localized(branch, "name", lang) : "";
  };
  return (
    <section aria-labelledby="menu-title">
      <h1 id="menu-title" className="text-2xl font-bold">{t("console.screens.menu.title")}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{t("console.screens.menu.readOnly")}</p>
      <p className="mt-2 flex flex-wrap gap-4 text-sm font-bold"><a href="/console/menu/export.csv" download className="underline">{t("console.menuCsv.export")}</a><a href="/console/menu/import" className="underline">{t("console.menuCsv.import")}</a></p>
      {menus.length === 0 && <p className="mt-4">{t("console.screens.menu.empty")}</p>}
      {menus.map((menu) => (
        <section key={menu.id} aria-labelledby={`menu-${menu.id}`} className="mt-6" data-testid="console-menu">
          <h2 id={`menu-${menu.id}`} className="text-lg font-bold">{localized(menu, "name", lang)} <span className="text-sm font-normal text-stone-500 dark:text-stone-400">· {branchName(menu.branch_id)}</span></h2>
          {menu.categories.map((category) => (
            <div key={category.id} className="mt-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
              <h3 className="font-bold">{localized(category, "name", lang)}</h3>
              {category.dishes.length === 0 && <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.screens.menu.noDishes")}</p>}
              <ul className="mt-2 divide-y divide-black/5 dark:divide-white/10">
                {category.dishes.map((dish) => (
                  <li key={dish.id} data-testid="console-dish" className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">{localized(dish, "name", lang)}</span>
                    <span className="flex flex-wrap items-center gap-2 text-sm">
                      {dish.hidden ? <span className={`${flag} bg-stone-200 text-stone-800`}>{t("console.screens.menu.hidden")}</span> : null}
                      {dish.unavailable ? <span className={`${flag} bg-amber-100 text-amber-900`}>{t("console.screens.menu.unavailable")}</span> : null}
                      {dish.price_offer > 0 && <span className={`${flag} bg-emerald-100 text-emerald-900`}>{t("console.screens.menu.offer", { price: formatMoney(dish.price_offer, lang, currency) })}</span>}
                      <span className="font-bold">{formatMoney(dish.price, lang, currency)}</span>
                    </span>
                    <div className="basis-full">
                      <PictureControl target={`dish:${dish.id}`} image={pictures[dish.id] ?? null} label={t("console.pictures.dishPicture", { name: localized(dish, "name", lang) })} />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
