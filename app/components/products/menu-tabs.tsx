// The menu tab strip above a product list; the active tab is scrolled into view.
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";
import { Link } from "react-router";
import type { MenuTile } from "~/routes/tenant/branch.server";
import { useMenuName } from "../branch/menu-name";

export function MenuTabs({ menus, active, base }: { menus: MenuTile[]; active: string; base: string }) {
  const { t } = useTranslation();
  const menuName = useMenuName();
  const activeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [active]);
  return (
    <nav aria-label={t("branch.menus")} className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none]">
      <ul className="flex gap-2 py-1">
        {menus.map((menu) => {
          const current = menu.id === active;
          return (
            <li key={menu.id} className="shrink-0">
              <Link
                ref={current ? activeRef : undefined}
                to={`${base}/${menu.id}`}
                aria-current={current ? "page" : undefined}
                prefetch="intent"
                className="block rounded-full px-4 py-2 text-sm font-bold whitespace-nowrap ring-1 ring-on-surface/15 transition-[scale] duration-100 active:scale-95 active:brightness-90 dark:active:brightness-125 aria-[current=page]:bg-primary aria-[current=page]:text-on-primary aria-[current=page]:ring-primary"
              >
                {menuName(menu)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
