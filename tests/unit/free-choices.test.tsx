// A free choice prints no "+0.00": the one formatter of a choice's extra, and the cart line
// that prints a diner's chosen options, rendered in both languages. A price of 0 reads "Free", and a
// card's allergen mark has its word (docs/decisions/0062).
import { cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CartLineItem } from "../../app/components/cart/cart-line";
import { formatExtra } from "../../app/lib/money";
import { I18nProvider } from "../../app/lib/i18n";
import { orderingStrings } from "../../app/lib/strings.server";
import { inRouter } from "./in-router";
import type { CartLine } from "../../app/lib/cart";
import { Price } from "../../app/components/products/price";
import { Dietary } from "../../app/components/products/dietary";

afterEach(cleanup);

const choice = (sub_option_id: number, sub_name_en: string, price: number) => ({
  option_id: 1,
  sub_option_id,
  name_en: "Milk",
  name_ar: "الحليب",
  sub_name_en,
  sub_name_ar: `${sub_name_en}-ar`,
  price,
});
const line: CartLine = {
  id: 1,
  menu_id: 1,
  name_en: "Latte",
  name_ar: "لاتيه",
  image: null,
  unit_price: 20,
  amount: 1,
  note: "",
  options: [choice(1, "Whole", 0), choice(2, "Oat", 3)],
};

describe("a choice's extra", () => {
  it("is +price when it costs something and nothing when it is free", () => {
    expect(formatExtra(3, "en")).toBe("+3.00 AED");
    expect(formatExtra(1.5, "ar", "SAR")).toBe("+1.50 ر.س");
    expect(formatExtra(0, "en")).toBeNull();
  });

  for (const lang of ["en", "ar"] as const) {
    it(`the cart line prints the priced choice's extra and none for the free one (${lang})`, () => {
      // The cart screen's strings as its loader sends them (the line reads them inside the router).
      const element = (
        <I18nProvider lang={lang} strings={orderingStrings(lang)}>
          <CartLineItem line={line} currency="AED" step={1} onAmount={() => {}} onRemove={() => {}} />
        </I18nProvider>
      );
      const { container } = render(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);
      const items = [...container.querySelectorAll("ul li")].map((li) => li.textContent);
      expect(items).toHaveLength(2);
      expect(items[0]).not.toMatch(/\+|0\.00/);
      expect(items[1]).toContain("+3.00");
    });
  }
});

describe("a price of 0", () => {
  it.each([
    ["en", "Free", "12.50 AED"],
    ["ar", "مجاناً", "12.50 د.إ"],
  ] as const)("reads as free on a dish card and a cart line (%s)", (lang, free, priced) => {
    expect(inRouter(lang, <Price price={0} offer={0} currency="AED" />).textContent).toBe(free);
    cleanup();
    expect(inRouter(lang, <Price price={12.5} offer={0} currency="AED" />).textContent).toBe(priced);
    cleanup();
    const freeLine = { ...line, unit_price: 0, amount: 2, options: [choice(1, "Whole", 0)] };
    const total = inRouter(lang, <CartLineItem line={freeLine} currency="AED" step={1} onAmount={() => {}} onRemove={() => {}} />).querySelector(
      "[data-testid=line-total]",
    );
    expect(total?.textContent).toBe(`2 x ${free}`);
  });
});

describe("a card's allergen mark", () => {
  it.each([
    ["en", "2 allergens"],
    ["ar", "مسببا حساسية"],
  ] as const)("says the count with its word (%s)", (lang, words) => {
    const card = inRouter(lang, <Dietary product={{ allergens: ["milk", "nuts"], tags: [] }} />);
    expect(card.querySelector("[data-testid=card-allergen-count]")?.textContent).toBe(words);
  });
});
