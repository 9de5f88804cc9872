// Products in the chosen layout, with the product sheet they open.
import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import type { ProductCardData } from "~/routes/tenant/products.server";
import type { View } from "~/lib/views";
import { ProductCard } from "./product-card";
import { ProductSheet } from "./product-sheet";

const LAYOUT: Record<View, string> = {
  list: "grid grid-cols-1 gap-3",
  grid1: "grid grid-cols-1 gap-3",
  grid2: "grid grid-cols-2 gap-3",
  grid3: "grid grid-cols-3 gap-2",
};

interface ProductGridProps {
  products: ProductCardData[];
  view: View;
  base: string;
  branchId: number;
  takesOrders: boolean;
  currency: string;
  emptyText?: string;
}

export function ProductGrid({ products, view, base, branchId, takesOrders, currency, emptyText }: ProductGridProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ProductCardData | null>(null);
  if (products.length === 0) {
    return <p className="rounded-2xl bg-white p-6 text-center text-on-surface/75 dark:bg-stone-900">{emptyText ?? t("product.empty")}</p>;
  }
  return (
    <>
      <ul className={LAYOUT[view]} data-view={view}>
        {products.map((product, i) => (
          <ProductCard
            key={product.id}
            product={product}
            view={view}
            currency={currency}
            eager={i < 4}
            important={i < 2}
            href={`${base}/${product.menu_id ?? "popular"}/${product.id}`}
            onAdd={takesOrders ? () => setOpen(product) : undefined}
          />
        ))}
      </ul>
      {takesOrders && (
        <ProductSheet
          product={open}
          onClose={() => setOpen(null)}
          branchId={branchId}
          cartHref={`${base}/cart`}
          takesOrders={takesOrders}
          currency={currency}
        />
      )}
    </>
  );
}
