// Menu tiles, three to a row: image, dark overlay, the menu's name in the current language, and when a
// menu is not served now, its windows (docs/decisions/0051).
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { ltrList, useMenuServed } from "~/lib/ordering-state";
import type { MenuTile } from "~/routes/tenant/branch.server";
import { useMenuName } from "./menu-name";

/** `windows`: each served menu's windows on the render's day, by menu id (the branch's loader). */
export function MenuGrid({ menus, base, windows }: { menus: MenuTile[]; base: string; windows: Readonly<Record<string, readonly string[]>> }) {
  const menuName = useMenuName();
  return (
    <ul className="grid grid-cols-3 gap-2.5">
      {menus.map((menu, i) => (
        <li key={menu.id}>
          <Link
            to={`${base}/${menu.id}`}
            prefetch="intent"
            data-testid="menu-tile"
            className="relative block aspect-square overflow-hidden rounded-2xl bg-stone-300 shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary dark:bg-stone-800"
          >
            {menu.image && (
              <img
                src={menu.image}
                alt=""
                width={160}
                height={160}
                loading={i < 9 ? "eager" : "lazy"}
                fetchPriority={i < 3 ? "high" : "low"}
                decoding={i < 3 ? "sync" : "async"}
                className="absolute inset-0 size-full object-cover"
              />
            )}
            <span className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/35 to-black/10" />
            {!menu.synthetic && <NotServedBadge menuId={menu.id} windows={windows[menu.id] ?? []} />}
            <span className="absolute inset-x-1.5 bottom-2 text-center text-sm leading-tight font-bold text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]">
              {menuName(menu)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MenuGridSkeleton() {
  return (
    <div className="grid grid-cols-3 gap-2.5" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton aspect-square rounded-2xl" />
      ))}
    </div>
  );
}

/** "07:00–11:30" on a menu's tile while it is not served (nothing while it is); screen readers hear "Served 07:00–11:30". */
function NotServedBadge({ menuId, windows }: { menuId: string; windows: readonly string[] }) {
  const { t } = useTranslation();
  if (useMenuServed(menuId)) return null;
  const said = windows.length ? t("served.windows", { windows: ltrList(windows) }) : t("served.notToday");
  return (
    <span
      data-testid="menu-tile-not-served"
      className="absolute inset-x-1.5 top-1.5 rounded-lg bg-amber-100 px-1.5 py-0.5 text-center text-xs leading-tight font-bold text-amber-950"
    >
      <span className="sr-only">{said}</span>
      <span aria-hidden="true">{windows.length ? ltrList(windows) : said}</span>
    </span>
  );
}
