// The checkout's sums as the API prices them (worker/rules/vat.ts, the same integer arithmetic): the
// cart's total, the VAT it includes, a service charge on top, and with card payments a tip (the
// restaurant's presets or an amount typed), sent as `tip`. Nothing here is trusted by the server.
import { useState } from "react";
import { useOrderingTranslation } from "~/locales/ordering";
import type { CartLine } from "~/lib/cart";
import { currencyDigits, formatMoney, majorUnits, minorUnits } from "~/lib/money";
import type { Language } from "~/locales";
import { orderAmounts } from "../../../worker/rules/vat";

export interface Terms {
  vat_rate: number;
  service_rate: number;
  tips: number[];
}

interface Props {
  cart: CartLine[];
  currency: string;
  /** The restaurant's charge step, in minor units (docs/decisions/0079). */
  step: number;
  terms: Terms;
  /** The branch takes card payments (a tip goes only with one). */
  card: boolean;
  lang: Language;
}

const row = "flex items-center justify-between gap-3";

export function CheckoutTotal({ cart, currency, step, terms, card, lang }: Props) {
  const { t } = useOrderingTranslation();
  const [choice, setChoice] = useState("0");
  const [typed, setTyped] = useState("");
  const lines = cart.map((l) => ({ unit: minorUnits(l.unit_price, currency), amount: l.amount }));
  // The charge step (10 fils in KWD, BHD, OMR through Stripe, 1 through Tap) rounds prices, service and tip as the server does.
  const charges = { vatBp: Math.round(terms.vat_rate * 100), serviceBp: Math.round(terms.service_rate * 100), step };
  const base = orderAmounts(lines, charges);
  // A preset is a percentage of the dishes; a typed amount counts with at most the currency's decimals (the server checks it again).
  const amount = typed.replace(",", ".");
  const digits = currencyDigits(currency);
  const typedOk = (digits > 0 ? new RegExp(`^\\d{1,7}(\\.\\d{1,${digits}})?$`) : /^\d{1,7}$/).test(amount);
  const asked = choice === "other" ? (typedOk ? minorUnits(Number(amount), currency) : 0) : Math.round((base.subtotal * Number(choice)) / 100);
  const { tip, total: paid } = orderAmounts(lines, charges, asked);
  // A typed 0.125 KWD is off the card networks' 10-fils step: rounded here, visibly, and sent as 0.130 (the API refuses it as typed).
  const rounded = choice === "other" && typedOk && tip !== asked;
  const money = (minor: number) => formatMoney(majorUnits(minor, currency), lang, currency);
  const tips = card && terms.tips.length > 0;
  return (
    <div className="space-y-2">
      <p className={`${row} text-lg font-bold`}>
        <span>{t("cart.total")}</span>
        <span data-testid="cart-total">{money(base.total)}</span>
      </p>
      {base.vat > 0 && (
        <p className={`${row} text-sm text-on-surface/75`} data-testid="cart-vat">
          <span>{t("cart.vatIncluded", { rate: terms.vat_rate })}</span>
          <bdi>{money(base.vat)}</bdi>
        </p>
      )}
      {base.service > 0 && (
        <p className={`${row} text-sm text-on-surface/75`} data-testid="cart-service">
          <span>{t("cart.serviceCharge", { rate: terms.service_rate })}</span>
          <bdi>{money(base.service)}</bdi>
        </p>
      )}
      {tips && (
        <fieldset className="space-y-2">
          <legend className="font-bold">{t("cart.tip")}</legend>
          <div className="flex flex-wrap gap-2">
            {["0", ...terms.tips.map(String), "other"].map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 ring-1 ring-on-surface/25 has-[:checked]:bg-primary has-[:checked]:font-bold has-[:checked]:text-on-primary has-[:focus-visible]:ring-2"
              >
                <input type="radio" name="tip_choice" value={value} checked={choice === value} onChange={() => setChoice(value)} className="sr-only" />
                {value === "0" ? t("cart.tipNone") : value === "other" ? t("cart.tipOther") : <bdi>{`${value}%`}</bdi>}
              </label>
            ))}
          </div>
          {choice === "other" && (
            <label className="block">
              <span className="mb-1 block text-sm font-bold">{t("cart.tipAmount")}</span>
              <input
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                inputMode="decimal"
                dir="ltr"
                maxLength={12}
                placeholder={(0).toFixed(currencyDigits(currency))}
                data-testid="tip-amount"
                aria-describedby={rounded ? "tip-step" : undefined}
                className="w-40 rounded-xl bg-white p-3 ring-1 ring-black/15 focus:ring-2 focus:ring-primary focus:outline-none dark:bg-stone-900 dark:ring-white/20"
              />
            </label>
          )}
          {rounded && (
            <p id="tip-step" className="text-sm font-bold" data-testid="tip-step">
              {t("cart.tipStep", { amount: money(tip), currency })}
            </p>
          )}
          {tip > 0 && (
            <p className={`${row} font-bold`} data-testid="cart-total-card">
              <span>{t("cart.totalByCard")}</span>
              <bdi>{money(paid)}</bdi>
            </p>
          )}
        </fieldset>
      )}
      <input type="hidden" name="tip" value={tip > 0 ? majorUnits(tip, currency).toFixed(currencyDigits(currency)) : ""} />
    </div>
  );
}
