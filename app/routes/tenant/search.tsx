// /{domain}/{branch_id}/search?q=…: results from every menu of the branch.
import { useTranslation } from "~/lib/i18n";
import type { Route } from "./+types/search";
import { tenantTitle } from "~/lib/seo";
import { SearchBox } from "~/components/branch/search-box";
import { TenantErrorBoundary } from "~/components/error-screen";
import { ProductGrid } from "~/components/products/product-grid";
import { useBranch } from "./branch-layout";
import { loadSearch } from "./search.server";

export const handle = { back: "home" };

export const meta: Route.MetaFunction = (args) => tenantTitle(args, (_, t) => t("branch.searchLabel"));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadSearch(request, context, params);
}

export default function Search({ loaderData: { q, products } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const branch = useBranch();
  return (
    <main id="main" className="mx-auto max-w-xl space-y-4 px-4">
      <h1 className="sr-only">{t("branch.searchLabel")}</h1>
      <SearchBox base={branch.base} defaultValue={q} />
      {q && products.length > 0 && (
        <p className="text-sm text-on-surface/70" aria-live="polite">
          {t("branch.results", { count: products.length })}
        </p>
      )}
      {q && (
        <ProductGrid
          products={products}
          view="list"
          base={branch.base}
          branchId={branch.branch.id}
          takesOrders={branch.branch.takesOrders}
          currency={branch.restaurant.currency}
          emptyText={t("branch.noResults")}
        />
      )}
    </main>
  );
}

export const ErrorBoundary = TenantErrorBoundary;
