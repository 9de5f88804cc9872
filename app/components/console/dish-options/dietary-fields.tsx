// A dish's allergens (not declared, none, or what it contains) and its tags, in the dish-options editor.
// Ticking an allergen declares what the dish contains; "contains" with nothing ticked is asked about.
import type { Dispatch, SetStateAction } from "react";
import { useConsoleTranslation } from "~/locales/console";
import { ALLERGENS, TAGS } from "../../../../worker/rules/dietary";
import { card } from "./classes";
import { toggle, type AllergenMode } from "./editor-state";

interface Props {
  mode: AllergenMode;
  setMode: Dispatch<SetStateAction<AllergenMode>>;
  allergens: string[];
  setAllergens: Dispatch<SetStateAction<string[]>>;
  missing: boolean;
  setMissing: Dispatch<SetStateAction<boolean>>;
  tags: string[];
  setTags: Dispatch<SetStateAction<string[]>>;
}

export function DietaryFields({ mode, setMode, allergens, setAllergens, missing: allergensMissing, setMissing: setAllergensMissing, tags, setTags }: Props) {
  const { t } = useConsoleTranslation();
  return (
    <>
      <fieldset className={card} data-testid="allergen-editor">
        <legend className="float-start text-lg font-bold">{t("console.dishOptions.allergens")}</legend>
        <p className="clear-both text-sm text-stone-600 dark:text-stone-300">{t("console.dishOptions.allergensHint")}</p>
        <div className="mt-2 grid gap-2" role="radiogroup" aria-label={t("console.dishOptions.allergens")}>
          {(["unknown", "none", "contains"] as const).map((m) => (
            <label key={m} className="flex items-start gap-2">
              <input
                type="radio"
                name="allergen-mode"
                className="mt-0.5 size-5 shrink-0"
                checked={mode === m}
                data-testid={`allergens-${m}`}
                onChange={() => {
                  setMode(m);
                  setAllergensMissing(false);
                }}
              />
              <span>
                <span className="font-bold">{t(`console.dishOptions.allergenModes.${m}`)}</span>
                {m === "unknown" && (
                  <span className="block text-sm text-stone-600 dark:text-stone-300">{t("console.dishOptions.allergenModes.unknownHint")}</span>
                )}
              </span>
            </label>
          ))}
        </div>
        <div className="mt-2 grid grid-cols-2 gap-2 ps-7 sm:grid-cols-3">
          {ALLERGENS.map((a) => (
            <label key={a} className="flex items-center gap-2">
              {/* Ticking an allergen is declaring what the dish contains. */}
              <input
                type="checkbox"
                className="size-5"
                checked={mode === "contains" && allergens.includes(a)}
                aria-describedby={allergensMissing ? "err-allergens" : undefined}
                onChange={(e) => {
                  setAllergens((l) => (mode === "contains" ? toggle(l, a, e.target.checked) : [a]));
                  setMode("contains");
                  setAllergensMissing(false);
                }}
              />
              {t(`dietary.allergens.${a}`)}
            </label>
          ))}
        </div>
        {allergensMissing && (
          <p className="mt-2 text-sm font-bold text-red-700 dark:text-red-300" id="err-allergens" role="alert">
            {t("console.dishOptions.errors.allergensMissing")}
          </p>
        )}
      </fieldset>
      <fieldset className={card}>
        <legend className="float-start text-lg font-bold">{t("console.dishOptions.tags")}</legend>
        <div className="clear-both mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {TAGS.map((tag) => (
            <label key={tag} className="flex items-center gap-2">
              <input type="checkbox" className="size-5" checked={tags.includes(tag)} onChange={(e) => setTags((l) => toggle(l, tag, e.target.checked))} />
              {t(`dietary.tags.${tag}`)}
            </label>
          ))}
        </div>
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">{t("console.dishOptions.halalHint")}</p>
      </fieldset>
    </>
  );
}
