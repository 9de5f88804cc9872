// The product sheet opened by a card's add button. Its content is a chunk of its own, fetched once
// the page is idle (or on the first open, if that comes sooner), so a menu page's first load
// carries only the cards.
import { lazy, Suspense, useState } from "react";
import { localized, useLanguage } from "~/lib/localized";
import { usePreloadWhenIdle } from "~/lib/when-idle";
import type { ProductCardData } from "~/routes/tenant/products.server";
import { BottomSheet } from "../bottom-sheet";

const loadDetails = () => import("./product-details");
const ProductDetails = lazy(() => loadDetails().then((m) => ({ default: m.ProductDetails })));

interface ProductSheetProps {
  product: ProductCardData | null;
  onClose(): void;
  branchId: number;
  cartHref: string;
  takesOrders: boolean;
  currency: string;
  onAdded?(): void;
}

export function ProductSheet({ product, onClose, branchId, cartHref, takesOrders, currency, onAdded }: ProductSheetProps) {
  const lang = useLanguage();
  const [scroll, setScroll] = useState(0);
  usePreloadWhenIdle(loadDetails); // so the first open shows it at once
  return (
    <BottomSheet open={product !== null} onClose={onClose} title={product ? localized(product, "name", lang) : ""} hideTitle onScroll={setScroll}>
      {product && (
        <Suspense fallback={<div className="h-80" aria-busy="true" />}>
          <ProductDetails
            key={product.id}
            product={product}
            branchId={branchId}
            cartHref={cartHref}
            takesOrders={takesOrders}
            currency={currency}
            scroll={scroll}
            onAdded={() => {
              onClose();
              onAdded?.();
            }}
          />
        </Suspense>
      )}
    </BottomSheet>
  );
}
