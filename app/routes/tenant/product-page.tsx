// /{domain}/{branch_id}/{menu}/{product}: the product page; it also records 'recently viewed'.
import { useEffect, useState } from "react";
import type { Route } from "./+types/product-page";
import { tenantTitle } from "~/lib/seo";
import { TenantErrorBoundary } from "~/components/error-screen";
import { ProductDetails } from "~/components/products/product-details";
import { localized } from "~/lib/localized";
import { useBranch } from "./branch-layout";
import { loadProductPage } from "./product-page.server";

export const handle = { back: "history" };

export const meta: Route.MetaFunction = (args) => tenantTitle(args, (lang) => (args.loaderData ? localized(args.loaderData.product, "name", lang) : null));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadProductPage(request, context, params);
}

export default function ProductPage({ loaderData: { product } }: Route.ComponentProps) {
  const branch = useBranch();
  const [scroll, setScroll] = useState(0);
  useEffect(() => {
    const onScroll = () => setScroll(window.scrollY);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    if (product.menu_id === null) return;
    const { id, menu_id, name_en, name_ar, image, price, price_offer } = product;
    // Off the first load: the list and its stored-data schema come in a chunk of their own.
    void import("~/lib/recently-viewed").then(({ recordRecent }) =>
      recordRecent(branch.branch.id, { id, menu_id, name_en, name_ar, image, price, price_offer }),
    );
  }, [branch.branch.id, product]);
  return (
    <main id="main" className="mx-auto max-w-xl px-5">
      <ProductDetails
        key={product.id}
        product={product}
        branchId={branch.branch.id}
        cartHref={`${branch.base}/cart`}
        takesOrders={branch.branch.takesOrders}
        currency={branch.restaurant.currency}
        scroll={scroll}
        headingLevel="h1"
      />
    </main>
  );
}

export const ErrorBoundary = TenantErrorBoundary;
