// The product sheet opened by a card's add button. Its content loads when a diner first opens a
// product (a small chunk), so a menu page's first load carries only the cards.
import { lazy, Suspense, useState } from "react";
import { localized, useLanguage } from "~/lib/localized";
import type { ProductCardData } from "~/routes/tenant/products.server";
import { BottomSheet } from "../bottom-sheet";

const ProductDetails = lazy(() => import("./product-details").then((m) => ({ default: m.ProductDetails })));

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
  return (
    <BottomSheet open={product !== null} onClose={onClose} title={product ? localized(product, "name", lang) : ""} hideTitle onScroll={setScroll}>
      {product && (
        <Suspense fallback={<div className="h-80" aria-busy="true" />}>
        <ProductDetails key={product.id} product={product} branchId={branchId} cartHref={cartHref} takesOrders={takesOrders} currency={currency} scroll={scroll}
          onAdded={() => {
            onClose();
            onAdded?.();
          }} />
        </Suspense>
      )}
    </BottomSheet>
  );
}
