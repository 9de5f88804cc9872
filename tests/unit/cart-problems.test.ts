// Each cart line's problem in the cart's words (worker/rules/cart-problems.ts): the first that holds,
// in the order the cart explains them; a price compared in the currency's minor units.
import { describe, expect, it } from "vitest";
import { lineProblem } from "../../worker/rules/cart-problems";

const dish = { hidden: 0, unavailable: 0, sold_out_until: null, price: 1250, price_offer: 0 };
const line = { product: dish, served: true, choicesKept: true, extras: 0, shown: undefined as number | undefined };
const NOW = Date.parse("2026-11-28T12:00:00Z");

describe("a cart line's problem", () => {
  it("is gone, unavailable, not served or its choices, in that order", () => {
    expect(lineProblem(0, { ...line, product: undefined }, "AED", NOW)).toEqual({ index: 0, reason: "gone" });
    expect(lineProblem(1, { ...line, product: { ...dish, hidden: 1 }, served: false }, "AED", NOW)).toEqual({ index: 1, reason: "gone" });
    expect(lineProblem(2, { ...line, product: { ...dish, sold_out_until: NOW + 1 }, served: false }, "AED", NOW)).toEqual({ index: 2, reason: "unavailable" });
    expect(lineProblem(3, { ...line, product: { ...dish, sold_out_until: NOW } }, "AED", NOW)).toBeNull(); // sold out until a moment past
    expect(lineProblem(4, { ...line, served: false, choicesKept: false }, "AED", NOW)).toEqual({ index: 4, reason: "notServed" });
    expect(lineProblem(5, { ...line, choicesKept: false, shown: 1 }, "AED", NOW)).toEqual({ index: 5, reason: "options" });
  });

  it("is a changed price only when the cart said one, with the price now (offer and options included)", () => {
    expect(lineProblem(0, line, "AED", NOW)).toBeNull();
    expect(lineProblem(0, { ...line, shown: 12.5 }, "AED", NOW)).toBeNull();
    expect(lineProblem(0, { ...line, shown: 12.5, extras: 200 }, "AED", NOW)).toEqual({ index: 0, reason: "price", price: 14.5 });
    expect(lineProblem(0, { ...line, product: { ...dish, price_offer: 1000 }, shown: 12.5 }, "AED", NOW)).toEqual({ index: 0, reason: "price", price: 10 });
    // Three-decimal money: 1.250 KWD is 1250 fils.
    expect(lineProblem(0, { ...line, shown: 1.25 }, "KWD", NOW)).toBeNull();
    expect(lineProblem(0, { ...line, shown: 1.2 }, "KWD", NOW)).toEqual({ index: 0, reason: "price", price: 1.25 });
  });
});
