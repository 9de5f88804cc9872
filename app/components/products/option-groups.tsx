// One radio group per option; tapping the chosen sub-option again clears it (spec section 2).
import { useTranslation } from "~/lib/i18n";
import { localized, useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import type { ProductCardData } from "~/routes/tenant/products.server";
import { payablePrice } from "../../../worker/api/ordering/offer-price";

export type Choices = Record<number, number | undefined>; // option id → sub-option id

export function OptionGroups({ product, choices, onChange, currency }: {
  product: ProductCardData;
  choices: Choices;
  onChange(next: Choices): void;
  currency: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (product.options.length === 0) return null;
  return (
    <div className="space-y-4">
      {product.options.map((option) => (
        <fieldset key={option.id} className="rounded-2xl p-3 ring-1 ring-on-surface/10">
          <legend className="px-1 font-bold">{localized(option, "name", lang)}</legend>
          <p className="sr-only">{t("product.chooseOne")}</p>
          <div className="mt-1 space-y-1">
            {option.subs.map((sub) => {
              const checked = choices[option.id] === sub.id;
              return (
                <label key={sub.id} className="flex cursor-pointer items-center gap-3 rounded-xl px-2 py-2 hover:bg-on-surface/5">
                  <input type="radio" name={`option-${product.id}-${option.id}`} value={sub.id} checked={checked}
                    onChange={() => onChange({ ...choices, [option.id]: sub.id })}
                    onClick={() => checked && onChange({ ...choices, [option.id]: undefined })}
                    className="size-5 accent-[var(--color-primary)]" />
                  <span className="flex-1">{localized(sub, "name", lang)}</span>
                  {sub.price > 0 && <span className="text-sm text-on-surface/70" dir="ltr">+{formatMoney(sub.price, lang, currency)}</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

export function chosenSubs(product: ProductCardData, choices: Choices) {
  return product.options.flatMap((option) => {
    const sub = option.subs.find((s) => s.id === choices[option.id]);
    return sub ? [{ option, sub }] : [];
  });
}

export const unitPrice = (product: ProductCardData, choices: Choices) =>
  payablePrice(product) + chosenSubs(product, choices).reduce((sum, c) => sum + c.sub.price, 0);
