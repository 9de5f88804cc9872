// The dish form's nutrition (docs/decisions/0070): kcal and caffeine as whole numbers (empty: not
// given) and the high-salt mark, each with its problem beside it; what was typed comes back after a 422.
import { useConsoleTranslation } from "~/locales/console";
import { Field } from "./field";

export interface NutritionValues {
  calories: string;
  caffeine_mg: string;
  high_salt: boolean;
}

/** The form's starting values: what was typed (after a refusal) or the dish's. */
export function nutritionOf(
  dish: { calories: number | null; caffeine_mg: number | null; high_salt: number } | undefined,
  values: Record<string, string> | undefined,
): NutritionValues {
  if (values) return { calories: values.calories ?? "", caffeine_mg: values.caffeine_mg ?? "", high_salt: "high_salt" in values };
  return { calories: dish?.calories?.toString() ?? "", caffeine_mg: dish?.caffeine_mg?.toString() ?? "", high_salt: dish?.high_salt === 1 };
}

export function NutritionFields({ initial, errors }: { initial: NutritionValues; errors: Record<string, string> }) {
  const { t } = useConsoleTranslation();
  return (
    <fieldset data-testid="nutrition-fields">
      <legend className="text-sm font-bold">{t("console.nutrition.legend")}</legend>
      <div className="mt-1 grid gap-3 sm:grid-cols-3">
        <Field
          name="calories"
          label={t("console.nutrition.calories")}
          defaultValue={initial.calories}
          error={errors.calories}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <Field
          name="caffeine_mg"
          label={t("console.nutrition.caffeine")}
          defaultValue={initial.caffeine_mg}
          error={errors.caffeine_mg}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <label className="flex items-center gap-2 self-end py-2 text-sm">
          <input type="checkbox" name="high_salt" defaultChecked={initial.high_salt} className="size-5" />
          {t("console.nutrition.highSalt")}
        </label>
      </div>
      <p className="mt-1 text-xs text-stone-600 dark:text-stone-300">{t("console.nutrition.hint")}</p>
    </fieldset>
  );
}
