// The nutrition rules (worker/rules/nutrition.ts, docs/decisions/0070): the walking equivalent of a
// dish's kcal, a chosen dish's kcal, and an order's total kcal, which says "at least" rather than under-count.
import { describe, expect, it } from "vitest";
import { parseCart } from "../../app/lib/cart";
import { chosenKcal, orderKcal, walkingMinutes, WALKING_KCAL_PER_MINUTE } from "../../worker/rules/nutrition";

describe("the activity equivalent", () => {
  it("is brisk walking at 4.3 METs for 70 kg: about 5.27 kcal a minute", () => {
    expect(WALKING_KCAL_PER_MINUTE).toBeCloseTo(5.2675, 4);
  });

  it("rounds to the nearest minute, at least one, and none for nothing", () => {
    expect(walkingMinutes(520)).toBe(99);
    expect(walkingMinutes(100)).toBe(19);
    expect(walkingMinutes(2)).toBe(1);
    expect(walkingMinutes(5000)).toBe(949);
    expect(walkingMinutes(0)).toBeNull();
    expect(walkingMinutes(null)).toBeNull();
  });
});

describe("a chosen dish's kcal", () => {
  it("adds the chosen choices' kcal", () => {
    expect(chosenKcal(450, [120, 0])).toBe(570);
    expect(chosenKcal(450, [])).toBe(450);
  });

  it("is unknown when the dish or a chosen choice gives none", () => {
    expect(chosenKcal(null, [120])).toBeNull();
    expect(chosenKcal(450, [120, null])).toBeNull();
  });
});

describe("an order's kcal", () => {
  it("multiplies each line by its quantity", () => {
    expect(
      orderKcal([
        { kcal: 570, amount: 2 },
        { kcal: 5, amount: 3 },
      ]),
    ).toEqual({ kcal: 1155, complete: true });
  });

  it("says it is incomplete, counting only what is known, when a line has no kcal", () => {
    expect(
      orderKcal([
        { kcal: 570, amount: 2 },
        { kcal: null, amount: 1 },
      ]),
    ).toEqual({ kcal: 1140, complete: false });
    // A line stored before calories existed carries none.
    expect(orderKcal([{ amount: 1 }, { kcal: 0, amount: 4 }])).toEqual({ kcal: 0, complete: false });
  });

  it("has no kcal when no line gives any", () => {
    expect(orderKcal([{ kcal: null, amount: 1 }])).toEqual({ kcal: null, complete: false });
    expect(orderKcal([])).toEqual({ kcal: null, complete: true });
  });
});

describe("the cart's kcal", () => {
  const stored = { id: 1, menu_id: 2, name_en: "Latte", name_ar: "لاتيه", image: null, unit_price: 18, amount: 2, note: "", options: [] };

  it("reads lines with their unit kcal, and lines stored before calories as unknown", () => {
    const cart = parseCart(
      JSON.stringify([
        { ...stored, kcal: 190 },
        { ...stored, id: 3, amount: 1 },
        { ...stored, id: 4, kcal: null },
      ]),
    );
    expect(cart.map((l) => l.kcal)).toEqual([190, undefined, null]);
    expect(orderKcal(cart)).toEqual({ kcal: 380, complete: false });
    expect(orderKcal(cart.slice(0, 1))).toEqual({ kcal: 380, complete: true });
  });

  it("drops a line whose kcal is not a whole number of 0 or more", () => {
    expect(
      parseCart(
        JSON.stringify([
          { ...stored, kcal: -5 },
          { ...stored, kcal: 1.5 },
        ]),
      ),
    ).toEqual([]);
  });
});
