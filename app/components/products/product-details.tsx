// A product's full view, shared by the product sheet and the product page: image (300 px tall,
// shrinking with half the scroll to 200), name, badges, description, prices, options, running
// total and — only where the branch takes orders — quantity, note and add to cart (held while the
// branch has paused ordering).
import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { usePreloadWhenIdle } from "~/lib/when-idle";
import { localized, useLanguage } from "~/lib/localized";
import { OrderingNotice, useOrderingHeld } from "~/lib/ordering-state";
import { SHORT_DURATION, toast } from "~/lib/toast";
import type { ProductCardData } from "~/routes/tenant/products.server";
import { MinusIcon, PlusIcon } from "../icons";
import { Badges } from "./badges";
import { SheetDietary } from "./sheet-dietary";
import { SheetNutrition } from "./sheet-nutrition";
import { chosenKcal } from "../../../worker/rules/nutrition";
import { chosenSubs, missingChoice, OptionGroups, unitPrice, type Choices } from "./option-groups";
import { Price, usePriceText } from "./price";

export const imageHeight = (scroll: number) => Math.max(200, 300 - scroll / 2);

interface ProductDetailsProps {
  product: ProductCardData;
  branchId: number;
  /** The cart screen, where the 'added' toast leads. */
  cartHref: string;
  takesOrders: boolean;
  currency: string;
  scroll: number;
  headingLevel?: "h1" | "h2";
  onAdded?(): void;
}

// The cart's code (and its stored-data schema) is a chunk of its own, fetched at idle: the tap waits for
// it only if it comes first.
const loadCart = () => import("~/lib/cart");

export function ProductDetails({ product, branchId, cartHref, takesOrders, currency, scroll, headingLevel = "h2", onAdded }: ProductDetailsProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const priceText = usePriceText(currency);
  const [choices, setChoices] = useState<Choices>({});
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState("");
  const Heading = headingLevel;
  const unit = unitPrice(product, choices);
  const description = localized(product, "description", lang);
  const paused = useOrderingHeld(product.served);
  const missing = missingChoice(t, lang, product, choices);
  usePreloadWhenIdle(loadCart);

  const add = async () => {
    const { addToCart } = await loadCart();
    addToCart(branchId, {
      id: product.id,
      menu_id: product.menu_id,
      name_en: product.name_en,
      name_ar: product.name_ar,
      image: product.image,
      unit_price: unit,
      // The dish's kcal as chosen (null: it or a chosen choice gives none), for the cart's total (docs/decisions/0070).
      kcal: chosenKcal(
        product.calories,
        chosenSubs(product, choices).map(({ sub }) => sub.calories),
      ),
      amount: quantity,
      note: note.trim(),
      options: chosenSubs(product, choices).map(({ option, sub }) => ({
        option_id: option.id,
        sub_option_id: sub.id,
        name_en: option.name_en,
        name_ar: option.name_ar,
        sub_name_en: sub.name_en,
        sub_name_ar: sub.name_ar,
        price: sub.price,
      })),
    });
    setQuantity(1);
    setNote("");
    toast({ type: "success", message: t("product.added"), detail: t("product.goToCart"), href: cartHref, duration: SHORT_DURATION });
    onAdded?.();
  };

  return (
    <article className="pb-4">
      <div className="-mx-5 overflow-hidden bg-stone-200 dark:bg-stone-800" style={{ height: imageHeight(scroll) }} data-testid="product-image">
        {product.image && <img src={product.image} alt="" width={600} height={450} className="size-full object-cover" />}
      </div>
      <div className="mt-4 space-y-2">
        <Badges product={product} />
        <Heading className="text-2xl leading-tight font-bold">{localized(product, "name", lang)}</Heading>
        {description && <p className="pre-line leading-relaxed text-on-surface/80">{description}</p>}
        <Price price={product.price} offer={product.price_offer} currency={currency} className="text-lg" />
        <SheetNutrition product={product} />
        <SheetDietary product={product} />
      </div>
      <div className="mt-5">
        <OptionGroups product={product} choices={choices} onChange={setChoices} currency={currency} />
      </div>
      <p className="mt-5 flex items-center justify-between text-lg font-bold" aria-live="polite">
        <span>{t("product.total")}</span>
        {/* The unit as charged (on the 10-fils step in KWD), times the quantity: the cart's line total. */}
        <span data-testid="running-total">{priceText(unit, quantity)}</span>
      </p>
      {takesOrders && !product.unavailable && (
        <div className="mt-4 space-y-3">
          <div className="flex items-center justify-between">
            <span id={`qty-${product.id}`} className="font-bold">
              {t("product.quantity")}
            </span>
            <div className="flex items-center gap-3" role="group" aria-labelledby={`qty-${product.id}`}>
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                disabled={quantity <= 1}
                aria-label={t("product.decrease")}
                className="inline-flex size-10 items-center justify-center rounded-full ring-1 ring-on-surface/20 disabled:opacity-40"
              >
                <MinusIcon />
              </button>
              <output className="w-8 text-center text-lg font-bold" data-testid="quantity">
                {quantity}
              </output>
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.min(999, q + 1))}
                aria-label={t("product.increase")}
                className="inline-flex size-10 items-center justify-center rounded-full ring-1 ring-on-surface/20"
              >
                <PlusIcon />
              </button>
            </div>
          </div>
          <label className="block">
            <span className="mb-1 block font-bold">{t("product.note")}</span>
            <textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={500}
              rows={2}
              placeholder={t("product.notePlaceholder")}
              className="w-full rounded-2xl bg-white p-3 ring-1 ring-black/10 focus:ring-2 focus:ring-primary focus:outline-none dark:bg-stone-900 dark:ring-white/15"
            />
          </label>
          <OrderingNotice served={product.served} />
          {/* The button says what is still missing ("Choose Size") rather than failing on tap. */}
          <button
            type="button"
            onClick={() => void add()}
            disabled={paused || missing !== null}
            data-testid="add-to-cart"
            className="h-12 w-full rounded-full bg-primary text-lg font-bold text-on-primary shadow-sm disabled:cursor-not-allowed disabled:bg-stone-400 dark:disabled:bg-stone-600 dark:disabled:text-stone-100"
          >
            {missing ?? t("product.addToCart")}
          </button>
        </div>
      )}
    </article>
  );
}
