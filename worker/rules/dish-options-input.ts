// A dish's option groups, choices, allergens and tags as the console's form sends them: the shape
// (valibot) and the rules between a group's numbers and prices in the restaurant's currency. Pure: the
// console checks a form with it, the restaurant's object saves what passed (worker/restaurant/dish-option-rows.ts).
import * as v from "valibot";
import { plainText } from "./plain-text";
import { ALLERGENS, TAGS } from "./dietary";
import { chargeStep, fitsCurrency, isOnChargeStep } from "./money";
import { MAX_KCAL } from "./nutrition";

const MAX_GROUPS = 20;
const MAX_CHOICES = 30;

// Option and choice names follow the one text rule (./plain-text.ts).
const Name = v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(60, "tooLong"), plainText());
const Count = v.pipe(v.number("number"), v.integer("number"), v.minValue(0, "number"), v.maxValue(20, "tooBig"));
const Price = v.pipe(
  v.number("price"),
  v.finite("price"),
  v.minValue(0, "price"),
  v.maxValue(100000, "price"),
  // At most 3 decimals here; the restaurant's currency may take fewer (ruleErrors).
  v.check((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, "price"),
);
const Id = v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null);
/** A choice's kcal (docs/decisions/0070): a whole number within the bound, or null (not given). */
const Kcal = v.optional(v.nullable(v.pipe(v.number("calories"), v.integer("calories"), v.minValue(0, "calories"), v.maxValue(MAX_KCAL, "calories"))), null);
const Choice = v.object({ id: Id, name_en: Name, name_ar: Name, price: Price, calories: Kcal });
const Group = v.object({
  id: Id,
  name_en: Name,
  name_ar: Name,
  required: v.boolean(),
  min_choices: Count,
  max_choices: Count,
  choices: v.pipe(v.array(Choice), v.minLength(1, "noChoices"), v.maxLength(MAX_CHOICES, "tooMany")),
});
export const DishOptionsInput = v.object({
  groups: v.pipe(v.array(Group), v.maxLength(MAX_GROUPS, "tooMany")),
  /** null: not declared; []: declared, none of the 14 (docs/decisions/0028). */
  allergens: v.nullable(v.pipe(v.array(v.picklist(ALLERGENS)), v.maxLength(ALLERGENS.length))),
  tags: v.pipe(v.array(v.picklist(TAGS)), v.maxLength(TAGS.length)),
});
export type DishOptionsInput = v.InferOutput<typeof DishOptionsInput>;
/** Error codes by field path ("groups.0.max_choices"); the console words them in both languages. */
export type FieldErrors = Record<string, string>;

/** The rules between a group's numbers (valibot checks each number; this, how they fit together), and prices in the currency's decimals and on its charge step. */
export function ruleErrors(input: DishOptionsInput, currency: string, step = chargeStep(currency)): FieldErrors {
  const errors: FieldErrors = {};
  input.groups.forEach((g, i) => {
    g.choices.forEach((c, j) => {
      if (!fitsCurrency(c.price, currency)) errors[`groups.${i}.choices.${j}.price`] = "price";
      // Off the charge step (0.125 KWD through Stripe): refused, so the menu shows what is charged (docs/decisions/0060, 0079).
      else if (!isOnChargeStep(c.price, currency, step)) errors[`groups.${i}.choices.${j}.price`] = "step";
    });
    if (g.max_choices < 1) errors[`groups.${i}.max_choices`] = "maxAtLeastOne";
    else if (g.max_choices > g.choices.length) errors[`groups.${i}.max_choices`] = "maxAboveChoices";
    if (g.required && g.min_choices < 1) errors[`groups.${i}.min_choices`] = "requiredNeedsMin";
    else if (!g.required && g.min_choices > 0) errors[`groups.${i}.min_choices`] = "optionalHasNoMin";
    else if (g.min_choices > g.max_choices) errors[`groups.${i}.min_choices`] = "minAboveMax";
  });
  return errors;
}
