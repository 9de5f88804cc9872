// A price stored off the card networks' 10-fils step (1.234 KWD, written before the editor refused it) reads
// as it is charged wherever a diner sees it: the dish card, the product sheet's choices and running total,
// the cart line (docs/decisions/0060) — through Stripe; through Tap (a step of 1, decision 0079) every fils
// stays. And the rule itself: which written amounts are on the step.
import { cleanup, fireEvent } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { CartLineItem } from "../../app/components/cart/cart-line";
import { Price } from "../../app/components/products/price";
import { ProductDetails } from "../../app/components/products/product-details";
import type { CartLine } from "../../app/lib/cart";
import { formatExtra } from "../../app/lib/money";
import { inRouter } from "./in-router";
import { toCard, type ProductCardData } from "../../app/routes/tenant/products.server";
import type { Product } from "../../worker/upstream/schemas";
import { chargedPrice, isOnChargeStep, minorUnits } from "../../worker/rules/money";

afterEach(cleanup);

describe("the charge step of a written price", () => {
  it("takes any amount of a two-decimal currency and only tens of fils in KWD, BHD, OMR and JOD", () => {
    expect([isOnChargeStep(12.34, "AED"), isOnChargeStep(1.23, "KWD"), isOnChargeStep(1.234, "KWD"), isOnChargeStep(0.125, "BHD")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([chargedPrice(1.234, "KWD"), chargedPrice(1.235, "OMR"), chargedPrice(12.345, "AED"), chargedPrice(0.004, "JOD")]).toEqual([1.23, 1.24, 12.35, 0]);
  });

  it("moves a KWD price by at most 5 fils, onto the step, and leaves one on it as it is", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (fils) => {
        const charged = chargedPrice(fils / 1000, "KWD");
        expect(isOnChargeStep(charged, "KWD")).toBe(true);
        expect(Math.abs(minorUnits(charged, "KWD") - fils)).toBeLessThanOrEqual(5);
        expect(chargedPrice(charged, "KWD")).toBe(charged);
      }),
    );
  });
});

/** As the catalogue gives it. */
const stored = {
  id: 7,
  menu_id: 1,
  served: null,
  name_en: "Kebab",
  name_ar: "كباب",
  description_en: "",
  description_ar: "",
  image: null,
  price: 1.234,
  price_offer: 0,
  new: 0,
  common: 0,
  unavailable: 0,
  allergens: [],
  tags: [],
  option: [
    {
      id: 3,
      name_en: "Extras",
      name_ar: "إضافات",
      required: 0,
      min_choices: 0,
      max_choices: 1,
      subOption: [{ id: 9, name_en: "Cheese", name_ar: "جبنة", price: 0.125, calories: null }],
    },
  ],
} as unknown as Product;
/** As a diner's page gets it from a restaurant paid through Stripe (or none: the currency's step). */
const kebab: ProductCardData = toCard(stored, "", { currency: "KWD", step: 10 });

describe("a stored 1.234 KWD dish with a 0.125 KWD extra", () => {
  it.each([
    ["en", "KWD"],
    ["ar", "د.ك"],
  ] as const)("reads 1.230 on its card, struck or not (%s)", (lang, unit) => {
    expect(inRouter(lang, <Price price={kebab.price} offer={0} currency="KWD" />).textContent).toBe(`1.230 ${unit}`);
    cleanup();
    const offered = toCard({ ...stored, price_offer: 0.995 }, "", { currency: "KWD", step: 10 });
    expect(inRouter(lang, <Price price={offered.price} offer={offered.price_offer} currency="KWD" />).textContent).toBe(`1.230 ${unit}1.000 ${unit}`);
    expect(formatExtra(0.125, lang, "KWD")).toBe(`+0.130 ${unit}`);
    // An extra that rounds to nothing is charged nothing: no "+0.000".
    expect(formatExtra(0.004, lang, "KWD")).toBeNull();
  });

  it("shows on the product sheet the price, the extra and a running total as charged: 1.359 a unit is 1.360", () => {
    const sheet = inRouter("en", <ProductDetails product={kebab} branchId={1} cartHref="/cart" takesOrders={false} currency="KWD" scroll={0} />);
    expect(sheet.querySelector("[data-testid=price]")?.textContent).toBe("1.230 KWD");
    expect(sheet.querySelector("[data-testid=running-total]")?.textContent).toBe("1.230 KWD");
    fireEvent.click(sheet.querySelector("input[value='9']")!);
    expect(sheet.textContent).toContain("+0.130 KWD");
    expect(sheet.querySelector("[data-testid=running-total]")?.textContent).toBe("1.360 KWD");
  });

  it("shows in the cart the same numbers: the extra, the unit and the line as charged", () => {
    const line: CartLine = {
      id: 7,
      menu_id: 1,
      name_en: "Kebab",
      name_ar: "كباب",
      image: null,
      unit_price: 1.359,
      amount: 2,
      note: "",
      options: [{ option_id: 3, sub_option_id: 9, name_en: "Extras", name_ar: "إضافات", sub_name_en: "Cheese", sub_name_ar: "جبنة", price: 0.125 }],
    };
    const cart = inRouter("en", <CartLineItem line={line} currency="KWD" step={10} onAmount={() => {}} onRemove={() => {}} />);
    expect(cart.querySelector("ul li")?.textContent).toBe("Cheese +0.130 KWD");
    expect(cart.querySelector("[data-testid=line-total]")?.textContent).toBe("2 x 1.360 KWD = 2.720 KWD");
    cleanup();
    // Through Tap every fils is charged: the same line as it is.
    const tap = inRouter("en", <CartLineItem line={line} currency="KWD" step={1} onAmount={() => {}} onRemove={() => {}} />);
    expect(tap.querySelector("ul li")?.textContent).toBe("Cheese +0.125 KWD");
    expect(tap.querySelector("[data-testid=line-total]")?.textContent).toBe("2 x 1.359 KWD = 2.718 KWD");
  });

  it("comes to a Tap restaurant's page as it is: 1.234 and +0.125, 1.359 a unit", () => {
    const card = toCard(stored, "", { currency: "KWD", step: 1 });
    expect([card.price, card.options[0]!.subs[0]!.price]).toEqual([1.234, 0.125]);
    const sheet = inRouter("en", <ProductDetails product={card} branchId={1} cartHref="/cart" takesOrders={false} currency="KWD" scroll={0} />);
    fireEvent.click(sheet.querySelector("input[value='9']")!);
    expect(sheet.textContent).toContain("+0.125 KWD");
    expect(sheet.querySelector("[data-testid=running-total]")?.textContent).toBe("1.359 KWD");
  });
});
