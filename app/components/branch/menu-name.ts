// A menu's name in the current language (the synthetic offers/new/popular menus are named by the
// interface): apart from the menu tiles, so the menu page's tabs do not load the tiles.
import { useTranslation } from "~/lib/i18n";
import { localized, useLanguage } from "~/lib/localized";
import type { MenuTile } from "~/routes/tenant/branch.server";

export function useMenuName() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (menu: MenuTile) => (menu.synthetic ? t(`synthetic.${menu.id as "offers" | "new" | "popular"}`) : localized(menu, "name", lang));
}
