import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addLine, chargedUnit, isSameItem, lineTotal, parseCart, removeAt, setAmount, type CartLine } from "../../app/lib/cart";

const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  menu_id: 2,
  name_en: "Latte",
  name_ar: "لاتيه",
  image: null,
  unit_price: 18,
  amount: 1,
  note: "",
  options: [],
  ...over,
});
const size = (sub: number) => ({ option_id: 5, sub_option_id: sub, name_en: "Size", name_ar: "الحجم", sub_name_en: "L", sub_name_ar: "ك", price: 3 });

describe("cart", () => {
  it("merges the same product, options and note; appends otherwise", () => {
    let cart = addLine([], line({ amount: 2 }));
    cart = addLine(cart, line({ amount: 3 }));
    expect(cart).toHaveLength(1);
    expect(cart[0]!.amount).toBe(5);
    cart = addLine(cart, line({ note: "no sugar" }));
    cart = addLine(cart, line({ options: [size(7)] }));
    cart = addLine(cart, line({ options: [size(8)] }));
    cart = addLine(cart, line({ options: [size(8)] }));
    expect(cart.map((l) => l.amount)).toEqual([5, 1, 1, 2]);
    expect(cart.reduce((sum, l) => sum + l.amount, 0)).toBe(9);
  });

  it("parses any stored value without throwing, keeping only valid lines", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (raw) => Array.isArray(parseCart(raw))));
    const stored = JSON.stringify([line(), { id: 1, amount: -4 }, line({ id: 2, amount: 0 }), line({ id: 3 })]);
    expect(parseCart(stored).map((l) => l.id)).toEqual([1, 3]);
  });
});

describe("a line's price as charged", () => {
  it("is the menu's in AED, and on the 10-fils step in KWD, as the server prices it (docs/decisions/0060)", () => {
    expect([chargedUnit(line({ unit_price: 18.25 }), "AED"), lineTotal(line({ unit_price: 18.25, amount: 3 }), "AED")]).toEqual([18.25, 54.75]);
    expect([chargedUnit(line({ unit_price: 1.359 }), "KWD"), lineTotal(line({ unit_price: 1.359, amount: 2 }), "KWD")]).toEqual([1.36, 2.72]);
    expect(chargedUnit(line({ unit_price: 1.354 }), "KWD")).toBe(1.35);
  });
});

describe("cart reducer", () => {
  const arbLine = fc
    .record({
      id: fc.integer({ min: 1, max: 5 }),
      amount: fc.integer({ min: 1, max: 20 }),
      note: fc.constantFrom("", "no sugar"),
      sub: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    })
    .map(({ id, amount, note, sub }) => line({ id, amount, note, options: sub === null ? [] : [size(sub)] }));

  it("merges same items so amounts add up and no two lines are the same item", () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 30 }), (adds) => {
        const cart = adds.reduce(addLine, [] as CartLine[]);
        const total = (c: CartLine[]) => c.reduce((s, l) => s + l.amount, 0);
        expect(total(cart)).toBe(adds.reduce((s, l) => s + l.amount, 0));
        for (let i = 0; i < cart.length; i++) for (let j = i + 1; j < cart.length; j++) expect(isSameItem(cart[i]!, cart[j]!)).toBe(false);
      }),
    );
  });

  it("never lets plus/minus go below 1, and removes exactly one line", () => {
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 10 }), fc.integer({ min: -50, max: 50 }), (adds, delta) => {
        const cart = adds.reduce(addLine, [] as CartLine[]);
        const changed = setAmount(cart, 0, cart[0]!.amount + delta);
        expect(changed[0]!.amount).toBeGreaterThanOrEqual(1);
        expect(changed.slice(1)).toEqual(cart.slice(1));
        expect(removeAt(cart, 0)).toEqual(cart.slice(1));
      }),
    );
  });
});
