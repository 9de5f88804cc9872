// The Account screen's currency (docs/decisions/0052, 0061): a choice until the first order, then said as
// it is. Choosing another currency first lists every price its decimals round (1.234 KWD → 1.23 AED),
// and only the owner's confirmation of that list converts the prices.
import { Form } from "react-router";
import { formatMoney, majorUnits } from "~/lib/money";
import { useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import type { CurrencyPlan } from "~/lib/console-types";

const button = "rounded-full px-4 py-2 font-bold ring-1 ring-black/15 hover:bg-black/5 dark:ring-white/20 dark:hover:bg-white/10";

export function CurrencySection({
  currency,
  result,
}: {
  currency: { current: string; choices: readonly string[]; locked: boolean };
  result?: { done?: string; error?: string; plan?: CurrencyPlan };
}) {
  const { t } = useConsoleTranslation();
  return (
    <section aria-labelledby="currency-title" className="rounded-2xl p-4 ring-1 ring-black/10 dark:ring-white/15" data-testid="currency">
      <h2 id="currency-title" className="font-bold">
        {t("console.account.currency.title")}
      </h2>
      {currency.locked ? (
        <p className="mt-2">{t("console.account.currency.locked", { currency: currency.current })}</p>
      ) : (
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
          <label className="grid gap-1 font-bold">
            {t("console.account.currency.label")}
            <select
              name="currency"
              defaultValue={result?.plan?.to ?? currency.current}
              className="rounded-xl bg-white px-3 py-2 ring-1 ring-black/15 dark:bg-stone-950 dark:ring-white/20"
            >
              {currency.choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="intent" value="currency" className={button}>
            {t("console.account.currency.save")}
          </button>
        </Form>
      )}
      {!currency.locked && <p className="mt-2 text-sm">{t("console.account.currency.hint")}</p>}
      {result?.plan && result.error !== "has-orders" && !currency.locked && <ConfirmPlan plan={result.plan} stale={result.error === "changed"} />}
      {result?.done === "currency" && (
        <p role="status" className="mt-2 text-sm text-emerald-800 dark:text-emerald-300">
          {t("console.account.currency.saved")}
        </p>
      )}
      {result?.error === "changed" && !result.plan && (
        <p role="alert" className="mt-2 text-sm font-bold text-red-700 dark:text-red-300">
          {t("console.account.currency.raced")}
        </p>
      )}
      {result?.error === "has-orders" && (
        <p role="alert" className="mt-2 text-sm font-bold text-red-700 dark:text-red-300">
          {t("console.account.currency.hasOrders")}
        </p>
      )}
    </section>
  );
}

/** The prices the change rounds, each before and after, and the button that converts them. */
function ConfirmPlan({ plan, stale }: { plan: CurrencyPlan; stale: boolean }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const money = (minor: number, currency: string) => formatMoney(majorUnits(minor, currency), lang, currency);
  // Arrows are not mirrored in right-to-left text: before → after reads from the right in Arabic.
  const arrow = lang === "ar" ? "←" : "→";
  return (
    <div className="mt-3 rounded-xl bg-amber-50 p-3 dark:bg-amber-950" data-testid="currency-plan">
      {stale && (
        <p role="alert" className="mb-2 font-bold">
          {t("console.account.currency.stale")}
        </p>
      )}
      <p className="font-bold">{t("console.account.currency.confirmTitle", { from: plan.from, to: plan.to })}</p>
      {plan.rounded.length === 0 ? (
        <p className="mt-1 text-sm">{t("console.account.currency.noneRounded")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm">{t("console.account.currency.rounded", { count: plan.rounded.length })}</p>
          {/* A long menu's list scrolls; focusable so a keyboard can scroll it too. */}
          <ul
            tabIndex={0}
            aria-label={t("console.account.currency.confirmTitle", { from: plan.from, to: plan.to })}
            className="mt-2 max-h-72 list-disc space-y-1 overflow-y-auto ps-5 text-sm"
          >
            {plan.rounded.map((r) => (
              <li key={`${r.kind}-${r.product_id}-${r.choice_en ?? ""}-${r.before}`}>
                {lang === "ar" ? r.dish_ar : r.dish_en}
                {r.kind === "offer" && ` (${t("console.account.currency.offer")})`}
                {r.kind === "choice" && ` — ${lang === "ar" ? r.choice_ar : r.choice_en}`}: <bdi>{money(r.before, plan.from)}</bdi> {arrow}{" "}
                <bdi>{money(r.after, plan.to)}</bdi>
              </li>
            ))}
          </ul>
        </>
      )}
      <Form method="post" className="mt-3">
        <input type="hidden" name="currency" value={plan.to} />
        <input type="hidden" name="confirm" value={plan.digest} />
        <button type="submit" name="intent" value="currency" className="rounded-full bg-amber-700 px-4 py-2 font-bold text-white hover:bg-amber-800">
          {t("console.account.currency.confirm", { currency: plan.to })}
        </button>
      </Form>
    </div>
  );
}
