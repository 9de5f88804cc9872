// The diner pages' JSON-LD builder (issue 40): Arabic names, quotes, "</script>", line separators and
// control characters never leave the script element and read back as written; diets only for a dish
// whose allergens are declared; prices with their currency's decimals; hours in the branch's zone.
import { describe, expect, it } from "vitest";
import { jsonLdText, MAX_ITEMS, menuItem, menuSchema, restaurantSchema, type Dish } from "~/lib/structured-data.server";

const dish = (over: Partial<Dish> = {}): Dish => ({
  name: "Falafel",
  description: null,
  url: "https://menu.example/saffron/1/1/1",
  image: null,
  price: 12,
  price_offer: 0,
  calories: null,
  allergens: [],
  tags: [],
  ...over,
});

describe("jsonLdText", () => {
  const hostile = 'مشاوي "الفحم" </script><script>alert(1)</script> <!-- \u2028\u2029\u0000\u0007\u007f\u0085 & end';
  const text = jsonLdText(menuItem(dish({ name: hostile, description: "سطر\nوسطر" }), "AED"));

  it("writes nothing an HTML parser could end the script on, no line separator and no control character", () => {
    expect(text).not.toMatch(/[<>&\u2028\u2029\u0000-\u001f\u007f-\u009f]/);
    expect(text.toLowerCase()).not.toContain("</script");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(text).toContain("\\u2028\\u2029");
  });

  it("reads back as the same names (Arabic kept as it is, quotes escaped by JSON)", () => {
    const parsed = JSON.parse(text) as { "@context": string; name: string; description: string };
    expect(parsed["@context"]).toBe("https://schema.org");
    expect(parsed.name).toBe(hostile);
    expect(parsed.description).toBe("سطر\nوسطر");
    expect(text).toContain("مشاوي");
  });
});

describe("menuItem", () => {
  it("gives no diet at all for a dish whose allergens were never declared, vegan tag or not", () => {
    const item = menuItem(dish({ allergens: null, tags: ["vegan", "halal"] }), "AED");
    expect(item).not.toHaveProperty("suitableForDiet");
  });

  it("gives the diets a declared dish suits: its tags', and free-of diets only when free of them", () => {
    expect(menuItem(dish({ allergens: [], tags: ["vegan", "halal"] }), "AED").suitableForDiet).toEqual([
      "https://schema.org/VeganDiet",
      "https://schema.org/VegetarianDiet",
      "https://schema.org/GlutenFreeDiet",
      "https://schema.org/LowLactoseDiet",
      "https://schema.org/HalalDiet",
    ]);
    expect(menuItem(dish({ allergens: ["gluten", "milk"], tags: ["vegetarian"] }), "AED").suitableForDiet).toEqual(["https://schema.org/VegetarianDiet"]);
    expect(menuItem(dish({ allergens: ["gluten", "milk"] }), "AED")).not.toHaveProperty("suitableForDiet");
  });

  it("prices with the currency's decimals: three for KWD, the offer price when there is one", () => {
    expect(menuItem(dish({ price: 1.25 }), "KWD").offers).toEqual({ "@type": "Offer", price: "1.250", priceCurrency: "KWD" });
    expect(menuItem(dish({ price: 2.5, price_offer: 1.875 }), "BHD").offers).toMatchObject({ price: "1.875", priceCurrency: "BHD" });
    expect(menuItem(dish({ price: 12 }), "AED").offers).toMatchObject({ price: "12.00" });
  });

  it("states calories only where declared", () => {
    expect(menuItem(dish({ calories: 320 }), "SAR").nutrition).toEqual({ "@type": "NutritionInformation", calories: "320 calories" });
    expect(menuItem(dish(), "SAR")).not.toHaveProperty("nutrition");
  });
});

describe("menuSchema and restaurantSchema", () => {
  it("bounds a 1,000-dish section to MAX_ITEMS and its text", () => {
    const many = Array.from({ length: 1000 }, (_, i) => dish({ name: `Dish ${i}`, description: "x".repeat(5000) }));
    const menu = menuSchema({ name: "Mains", url: "u" }, { name: "Grills", url: "u?category=1" }, many, "AED");
    const items = (menu as unknown as { hasMenuSection: { hasMenuItem: { description: string }[] } }).hasMenuSection.hasMenuItem;
    expect(items).toHaveLength(MAX_ITEMS);
    expect(items[0]!.description.length).toBeLessThanOrEqual(300);
    expect(jsonLdText(menu).length).toBeLessThan(60_000);
  });

  it("gives a branch both names, its E.164 telephone and its hours with the zone's offset", () => {
    const r = restaurantSchema(
      {
        names: ["زعفران · دبي", "Saffron · Dubai"],
        description: null,
        address: "Marina Walk",
        telephone: "+97143881234",
        url: "https://x/saffron/1",
        menuUrl: "https://x/saffron/1",
        logo: null,
        currency: "OMR",
        country: "OM",
        hours: { weekly: [{ day: 5, opens: "13:00", closes: "24:00" }], exceptions: [] },
        timeZone: "Asia/Muscat",
      },
      Date.UTC(2026, 10, 29),
    );
    expect(r).toMatchObject({ name: "زعفران · دبي", alternateName: "Saffron · Dubai", telephone: "+97143881234", currenciesAccepted: "OMR" });
    expect(r.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Friday", opens: "13:00:00+04:00", closes: "23:59:59+04:00" },
    ]);
  });
});
