// /{domain}/{branch_id}/{menu} (also offers, new, popular): the product list screen.
import { useTranslation } from "~/lib/i18n";
import type { Route } from "./+types/product-list";
import { localized } from "~/lib/localized";
import { branchData, tenantTitle } from "~/lib/seo";
import { SearchBox } from "~/components/branch/search-box";
import { useMenuName } from "~/components/branch/menu-name";
import { TenantErrorBoundary } from "~/components/error-screen";
import { CategoryChips } from "~/components/products/category-chips";
import { DietChips } from "~/components/products/diet-chips";
import { MenuTabs } from "~/components/products/menu-tabs";
import { ProductGrid } from "~/components/products/product-grid";
import { useChosenView, ViewToggle } from "~/components/products/view-toggle";
import { useBranch } from "./branch-layout";
import type { BranchData } from "./branch.server";
import { loadProductList } from "./product-list.server";
import { MenuNotice } from "~/lib/ordering-state";

export const handle = { back: "home" };

export const meta: Route.MetaFunction = (args) =>
  tenantTitle(args, (lang, t) => {
    const menu = branchData<BranchData>(args.matches)?.menus.find((m) => m.id === args.params.menu);
    if (!menu) return null;
    return menu.synthetic ? t(`synthetic.${menu.id as "offers" | "new" | "popular"}`) : localized(menu, "name", lang);
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadProductList(request, context, params);
}

export default function ProductList({ loaderData: list }: Route.ComponentProps) {
  const { t } = useTranslation();
  const branch = useBranch();
  const menuName = useMenuName();
  const menu = branch.menus.find((m) => m.id === list.menu);
  const view = useChosenView(list.view);
  // The dietary filter is the URL's, applied by the loader: the server's render and the browser's agree.
  // An allergen filter leaves out dishes whose allergens were never declared, and says how many.
  const { products, undeclared } = list;
  return (
    <main id="main" className="mx-auto max-w-xl space-y-3 px-4">
      <h1 className="text-2xl font-bold">{menu ? menuName(menu) : ""}</h1>
      <MenuTabs menus={branch.menus} active={list.menu} base={branch.base} />
      {list.served && <MenuNotice served={list.served} />}
      <SearchBox base={branch.base} />
      <CategoryChips categories={list.categories} active={list.categoryId} />
      <DietChips chips={list.dietChips} />
      {undeclared > 0 && (
        <p className="text-sm text-on-surface/70" data-testid="diet-undeclared">
          {t("dietary.hiddenUndeclared", { count: undeclared })}
        </p>
      )}
      {/* SFDA's statement of daily needs, where the page's dishes give calories (docs/decisions/0070). */}
      {list.dailyNeeds && (
        <p className="text-sm text-on-surface/70" data-testid="daily-needs">
          {t("nutrition.dailyNeeds")}
        </p>
      )}
      <div className="flex items-center justify-between pt-1">
        <p className="text-sm text-on-surface/70">{t("branch.results", { count: products.length })}</p>
        <ViewToggle view={view} cookie={list.viewCookie} />
      </div>
      <ProductGrid
        products={products}
        view={view}
        base={branch.base}
        branchId={branch.branch.id}
        takesOrders={branch.branch.takesOrders}
        currency={branch.restaurant.currency}
      />
    </main>
  );
}

export const ErrorBoundary = TenantErrorBoundary;
