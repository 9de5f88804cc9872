import { useTranslation } from "~/lib/i18n";
import { useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";

/** The price, struck through when an offer price exists, then the offer price. */
export function Price({ price, offer, currency, className = "" }: { price: number; offer: number; currency: string; className?: string }) {
  const lang = useLanguage();
  const { t } = useTranslation();
  if (offer > 0) {
    return (
      <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
        <del className="text-sm text-on-surface/60" aria-label={`${t("synthetic.offers")}: ${formatMoney(price, lang, currency)}`}>
          {formatMoney(price, lang, currency)}
        </del>
        <span className="font-bold text-primary">{formatMoney(offer, lang, currency)}</span>
      </p>
    );
  }
  return <p className={`font-bold ${className}`}>{formatMoney(price, lang, currency)}</p>;
}
