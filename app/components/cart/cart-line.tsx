// One cart line: picture, name, options with their prices, quantity × unit price = line total,
// note, plus/minus (never below 1) and remove.
import { useOrderingTranslation } from "~/locales/ordering";
import { chargedUnit, lineTotal, type CartLine } from "~/lib/cart";
import { localized, useLanguage } from "~/lib/localized";
import { formatExtra } from "~/lib/money";
import { MinusIcon, PlusIcon } from "../icons";
import { usePriceText } from "../products/price";

interface CartLineProps {
  line: CartLine;
  currency: string;
  /** The restaurant's charge step, in minor units (docs/decisions/0079): a line is shown as it is charged. */
  step: number;
  problem?: string;
  onAmount(amount: number): void;
  onRemove(): void;
  onAcceptPrice?(): void;
}

export function CartLineItem({ line, currency, step, problem, onAmount, onRemove, onAcceptPrice }: CartLineProps) {
  const { t } = useOrderingTranslation();
  const lang = useLanguage();
  const name = localized(line, "name", lang);
  // A free dish reads "2 x Free", not "2 x 0.00 AED = 0.00 AED".
  const money = usePriceText(currency);
  const extra = (n: number) => formatExtra(n, lang, currency, step);
  return (
    <li
      data-testid="cart-line"
      className={`rounded-2xl bg-white p-3 shadow-sm ring-1 dark:bg-stone-900 ${problem ? "ring-2 ring-red-600" : "ring-black/5 dark:ring-white/10"}`}
    >
      <div className="flex gap-3">
        <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-stone-200 dark:bg-stone-800">
          {line.image && <img src={line.image} alt="" width={80} height={80} className="size-full object-cover" />}
        </div>
        <div className="min-w-0 flex-1">
          <p className="font-bold">{name}</p>
          {line.options.length > 0 && (
            <ul className="text-sm text-on-surface/75">
              {line.options.map((o) => (
                <li key={`${o.option_id}-${o.sub_option_id}`}>
                  {localized({ name_en: o.sub_name_en, name_ar: o.sub_name_ar }, "name", lang)} {extra(o.price) && <span dir="ltr">{extra(o.price)}</span>}
                </li>
              ))}
            </ul>
          )}
          {line.note && <p className="text-sm text-on-surface/75 italic">“{line.note}”</p>}
          <p className="mt-1 text-sm" data-testid="line-total">
            {line.amount} x{" "}
            {chargedUnit(line, currency, step) === 0 ? (
              <strong>{money(0)}</strong>
            ) : (
              <>
                <bdi>{money(chargedUnit(line, currency, step))}</bdi> ={" "}
                <strong>
                  <bdi>{money(lineTotal(line, currency, step))}</bdi>
                </strong>
              </>
            )}
          </p>
        </div>
      </div>
      {problem && (
        <p role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm font-bold text-red-700 dark:text-red-400">
          {problem}
          {onAcceptPrice && (
            <button type="button" onClick={onAcceptPrice} className="rounded-full px-3 py-1 ring-1 ring-current">
              {t("cart.acceptPrice")}
            </button>
          )}
        </p>
      )}
      <div className="mt-2 flex items-center justify-between">
        <button
          type="button"
          onClick={onRemove}
          className="rounded-full px-3 py-1.5 text-sm font-bold text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
        >
          {t("cart.remove", { name })}
        </button>
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={() => onAmount(line.amount - 1)}
            disabled={line.amount <= 1}
            aria-label={t("product.decrease")}
            className="inline-flex size-9 items-center justify-center rounded-full ring-1 ring-on-surface/20 disabled:opacity-40"
          >
            <MinusIcon />
          </button>
          <output className="w-6 text-center font-bold" data-testid="line-amount">
            {line.amount}
          </output>
          <button
            type="button"
            onClick={() => onAmount(line.amount + 1)}
            aria-label={t("product.increase")}
            className="inline-flex size-9 items-center justify-center rounded-full ring-1 ring-on-surface/20"
          >
            <PlusIcon />
          </button>
        </div>
      </div>
    </li>
  );
}
