// Nutrition on the menu (SFDA's labels, docs/decisions/0070): the bounds of a dish's kcal and caffeine,
// the activity it takes to burn a dish's calories, and an order's total kcal. No imports: the diner's
// bundle takes it as it is (worker/restaurant/schema-nutrition.ts writes the same bounds into the store).

/** The most kcal a dish or a choice may state (a whole number, 0 allowed). */
export const MAX_KCAL = 5000;
/** The most caffeine a dish may state, in mg. */
export const MAX_CAFFEINE_MG = 1000;

/**
 * Brisk walking for an adult of 70 kg: 4.3 METs (the Compendium of Physical Activities, 2011, code 17200:
 * walking 3.5 mph, level, brisk), and kcal per minute = METs × 3.5 × kg ÷ 200 (ACSM's formula).
 */
export const WALKING_KCAL_PER_MINUTE = (4.3 * 3.5 * 70) / 200;

/** Minutes of brisk walking that burn `kcal`, to the nearest minute and at least 1 (null: none to burn). */
export function walkingMinutes(kcal: number | null): number | null {
  if (kcal === null || kcal <= 0) return null;
  return Math.max(1, Math.round(kcal / WALKING_KCAL_PER_MINUTE));
}

/** A dish as chosen: its kcal plus its chosen choices' (null when the dish or any chosen choice gives none). */
export function chosenKcal(dish: number | null, choices: readonly (number | null)[]): number | null {
  if (dish === null || choices.some((c) => c === null)) return null;
  return choices.reduce<number>((sum, c) => sum + (c ?? 0), dish);
}

/**
 * An order's kcal: each line's unit kcal times its quantity. A line whose kcal is unknown (null, or a
 * cart line stored before calories) is left out and `complete` is false: the total is then "at least",
 * never a smaller number passed off as the whole. `kcal` null: no line gives any.
 */
export function orderKcal(lines: readonly { kcal?: number | null; amount: number }[]): { kcal: number | null; complete: boolean } {
  let kcal: number | null = null;
  let complete = true;
  for (const line of lines) {
    if (line.kcal === null || line.kcal === undefined) complete = false;
    else kcal = (kcal ?? 0) + line.kcal * line.amount;
  }
  return { kcal, complete };
}
