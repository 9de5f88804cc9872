// One product in a list: image (opens the product page), name, description, badges, prices and an
// add button that opens the product sheet. Unavailable products are marked and cannot be added, nor
// anything while the branch has paused ordering. Where
// the branch takes no orders there is no add button: the whole card opens the product page, whose
// options and total are the information a browsing diner wants.
import { useTranslation } from "~/lib/i18n";
import { Link } from "react-router";
import { localized, useLanguage } from "~/lib/localized";
import { useOrderingHeld } from "~/lib/ordering-state";
import type { ProductCardData } from "~/routes/tenant/products.server";
import type { View } from "~/lib/views";
import { PlusIcon } from "../icons";
import { Badges } from "./badges";
import { CardNutrition, Dietary } from "./dietary";
import { Price } from "./price";

interface ProductCardProps {
  product: ProductCardData;
  href: string;
  view: View;
  currency: string;
  eager: boolean;
  /** The first row: likely the page's largest paint, fetched before anything else. */
  important?: boolean;
  /** Opens the product sheet; absent where the branch does not take orders. */
  onAdd?: () => void;
}

export function ProductCard({ product, href, view, currency, eager, important, onAdd }: ProductCardProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = localized(product, "name", lang);
  const description = localized(product, "description", lang);
  const list = view === "list";
  const paused = useOrderingHeld(product.served);
  return (
    <li
      data-testid="product-card"
      className={`relative flex overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10 ${list ? "flex-row" : "flex-col"} ${product.unavailable ? "opacity-70" : ""}`}
    >
      <Link
        to={href}
        className={`block shrink-0 bg-stone-200 dark:bg-stone-800 ${list ? "w-28 self-stretch" : "aspect-[4/3] w-full"}`}
        tabIndex={-1}
        aria-hidden="true"
      >
        {product.image && (
          <img
            src={product.image}
            alt=""
            width={400}
            height={300}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={important ? "high" : "low"}
            decoding={important ? "sync" : "async"}
            className={`size-full object-cover ${product.unavailable ? "grayscale" : ""}`}
          />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3">
        <Badges product={product} />
        <h3 className="leading-snug font-bold">
          <Link to={href} className={`hover:underline ${onAdd ? "" : "after:absolute after:inset-0"}`}>
            {name}
          </Link>
        </h3>
        {description && view !== "grid3" && <p className="line-clamp-2 text-sm leading-relaxed text-on-surface/70">{description}</p>}
        <Dietary product={product} compact={view === "grid3"} />
        <CardNutrition product={product} />
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <Price price={product.price} offer={product.price_offer} currency={currency} className="min-w-0 text-sm" />
          {onAdd && (
            <button
              type="button"
              onClick={onAdd}
              disabled={product.unavailable || paused}
              aria-label={t("product.add", { name })}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary shadow-sm disabled:cursor-not-allowed disabled:bg-stone-400 dark:disabled:bg-stone-600"
            >
              <PlusIcon />
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
