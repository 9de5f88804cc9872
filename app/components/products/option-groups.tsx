// The diner's option groups, following each group's rules (worker/rules/option-rules.ts):
// a single-choice group is a radio group (tapping the chosen one again clears it, docs/spec.txt section 2,
// only while the group is optional); a group allowing several is checkboxes with a counter, the rest
// disabled once its maximum is reached. `missingChoice` words what the add button still needs.
import { useTranslation, type Translate } from "~/lib/i18n";
import { localized, useLanguage } from "~/lib/localized";
import { formatExtra } from "~/lib/money";
import type { ProductCardData } from "~/routes/tenant/products.server";
import { payablePrice } from "../../../worker/rules/offer-price";
import { checkChoices, isSingleChoice, neededChoices, type GroupRule } from "../../../worker/rules/option-rules";

export type Choices = Record<number, number[] | undefined>; // option id → chosen sub-option ids
type Group = ProductCardData["options"][number];

/** The group's rule in words: "Choose up to 3", "Choose 2", "Choose 1 to 3"; none for optional single choice. */
function ruleText(t: Translate, g: GroupRule) {
  const needed = neededChoices(g);
  if (isSingleChoice(g)) return needed > 0 ? t("dietary.requiredMark") : t("dietary.optionalMark");
  if (needed === g.max_choices) return t("dietary.chooseExactly", { count: needed });
  if (needed === 0) return t("dietary.chooseUpTo", { count: g.max_choices });
  return t("dietary.chooseBetween", { min: needed, max: g.max_choices });
}

export function OptionGroups({
  product,
  choices,
  onChange,
  currency,
}: {
  product: ProductCardData;
  choices: Choices;
  onChange(next: Choices): void;
  currency: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (product.options.length === 0) return null;
  const set = (option: Group, ids: number[]) => onChange({ ...choices, [option.id]: ids });
  return (
    <div className="space-y-4">
      {product.options.map((option) => {
        const chosen = choices[option.id] ?? [];
        const single = isSingleChoice(option);
        const full = chosen.length >= option.max_choices;
        const hint = `hint-${product.id}-${option.id}`;
        // In a group where some choice costs extra, the free ones say so; elsewhere no price is shown.
        const priced = option.subs.some((s) => s.price > 0);
        return (
          <fieldset key={option.id} className="rounded-2xl p-3 ring-1 ring-on-surface/10" aria-describedby={hint} data-testid="option-group">
            <legend className="px-1 font-bold">{localized(option, "name", lang)}</legend>
            <p id={hint} className="flex justify-between px-1 text-sm text-on-surface/70">
              <span>{ruleText(t, option)}</span>
              {!single && (
                <span aria-live="polite" data-testid="option-counter">
                  {t("dietary.counter", { count: chosen.length, max: option.max_choices })}
                </span>
              )}
            </p>
            <div className="mt-1 space-y-1">
              {option.subs.map((sub) => {
                const checked = chosen.includes(sub.id);
                return (
                  <label
                    key={sub.id}
                    className="flex cursor-pointer items-center gap-3 rounded-xl px-2 py-2 hover:bg-on-surface/5 has-disabled:cursor-not-allowed has-disabled:opacity-50"
                  >
                    {single ? (
                      <input
                        type="radio"
                        name={`option-${product.id}-${option.id}`}
                        value={sub.id}
                        checked={checked}
                        onChange={() => set(option, [sub.id])}
                        onClick={() => checked && !option.required && set(option, [])}
                        className="size-5 accent-[var(--color-primary)]"
                      />
                    ) : (
                      <input
                        type="checkbox"
                        name={`option-${product.id}-${option.id}`}
                        value={sub.id}
                        checked={checked}
                        disabled={!checked && full}
                        onChange={() => set(option, checked ? chosen.filter((id) => id !== sub.id) : [...chosen, sub.id])}
                        className="size-5 accent-[var(--color-primary)]"
                      />
                    )}
                    <span className="flex-1">{localized(sub, "name", lang)}</span>
                    {sub.calories !== null && sub.calories > 0 && (
                      <span className="text-xs text-on-surface/70" data-testid="choice-kcal">
                        {t("nutrition.choiceKcal", { kcal: sub.calories })}
                      </span>
                    )}
                    {sub.price > 0 ? (
                      <span className="text-sm text-on-surface/70" dir="ltr">
                        {formatExtra(sub.price, lang, currency, 1)}
                      </span>
                    ) : (
                      priced && <span className="text-sm text-on-surface/70">{t("price.free")}</span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

export function chosenSubs(product: ProductCardData, choices: Choices) {
  return product.options.flatMap((option) => option.subs.filter((s) => (choices[option.id] ?? []).includes(s.id)).map((sub) => ({ option, sub })));
}

export const unitPrice = (product: ProductCardData, choices: Choices) =>
  payablePrice(product) + chosenSubs(product, choices).reduce((sum, c) => sum + c.sub.price, 0);

/** What the add button still needs, in words ("Choose Size"), or null when the choices keep the rules. */
export function missingChoice(t: Translate, lang: "en" | "ar", product: ProductCardData, choices: Choices): string | null {
  const problems = checkChoices(
    product.options,
    chosenSubs(product, choices).map(({ option, sub }) => ({ id: sub.id, group: option.id })),
  );
  const first = problems[0];
  if (!first) return null;
  const group = product.options.find((o) => o.id === first.group);
  if (!group) return null;
  const name = localized(group, "name", lang);
  if (first.problem === "required" && neededChoices(group) === 1) return t("dietary.choose", { name });
  return t("dietary.chooseCount", { count: neededChoices(group), name });
}
