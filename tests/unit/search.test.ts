import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSearchIndex, normalizeForSearch } from "../../app/lib/search";

const item = (name_en: string, name_ar: string, description_en = "") => ({ name_en, name_ar, description_en, description_ar: "" });
const catalogue = [
  item("Saffron Latte", "لاتيه بالزعفران"),
  item("Café Mocha", "موكا"),
  item("Chicken Shawarma", "شاورما دجاج"),
  item("Mango Juice", "عصير مانجا", "Fresh Alphonso mangoes"),
  item("Stuffed Vine Leaves", "ورق عنب محشي"),
  item("Pistachio Cake", "كعكة فستق"),
  item("Eggs", "بيض بالطماطم", ""),
];
const index = buildSearchIndex(catalogue);
const names = (q: string) => index.match(q).map((i) => i.name_en);

describe("search", () => {
  it("ignores case and Latin accents", () => {
    expect(names("SAFFRON")).toEqual(["Saffron Latte"]);
    expect(names("cafe")).toEqual(["Café Mocha"]);
  });

  it("treats Arabic letter variants and tashkeel as the same", () => {
    expect(names("لاتيه")).toEqual(["Saffron Latte"]);
    expect(names("كعكه")).toEqual(["Pistachio Cake"]); // ة typed as ه
    expect(names("شَاوِرْمَا")).toEqual(["Chicken Shawarma"]); // with tashkeel
    expect(normalizeForSearch("أإآا")).toBe("اااا");
    expect(normalizeForSearch("مستشفى")).toBe(normalizeForSearch("مستشفي"));
  });

  it("matches every word, in descriptions too, and finds nothing for nothing", () => {
    expect(names("mango alphonso")).toEqual(["Mango Juice"]);
    expect(names("عصير مانجا")).toEqual(["Mango Juice"]);
    expect(names("   ")).toEqual([]);
    expect(names("pizza")).toEqual([]);
  });

  it("never throws and is idempotent", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => normalizeForSearch(normalizeForSearch(s)) === normalizeForSearch(s)));
  });
});
