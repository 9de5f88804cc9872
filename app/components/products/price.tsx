// A price as a diner reads it: the currency's decimals, and "Free" / "مجاناً" for 0 rather than "0.00 AED"
// (the dish card, the product page and sheet, a choice in a priced group, the cart line). Prices arrive as
// they are charged (app/routes/tenant/products.server.ts: 1.234 KWD, written before the editor refused it,
// reads 1.230 KWD through Stripe; docs/decisions/0060, 0079); the cart rounds its own lines.
import { useTranslation } from "~/lib/i18n";
import { useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { hasOffer } from "../../../worker/rules/offer-price";

/** The page's price formatter: "12.00 AED", or the "Free" word for 0; `times` units of it. */
export function usePriceText(currency: string): (amount: number, times?: number) => string {
  const lang = useLanguage();
  const { t } = useTranslation();
  return (amount, times = 1) => {
    const charged = amount * times;
    return charged === 0 ? t("price.free") : formatMoney(charged, lang, currency);
  };
}

/** The price, struck through when an offer price exists, then the offer price. */
export function Price({ price, offer, currency, className = "" }: { price: number; offer: number; currency: string; className?: string }) {
  const { t } = useTranslation();
  const text = usePriceText(currency);
  if (hasOffer({ price_offer: offer })) {
    return (
      <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
        <del className="text-sm text-on-surface/60" aria-label={`${t("synthetic.offers")}: ${text(price)}`}>
          {text(price)}
        </del>
        <span className="font-bold text-primary">{text(offer)}</span>
      </p>
    );
  }
  return (
    <p className={`font-bold ${className}`} data-testid="price">
      {text(price)}
    </p>
  );
}
