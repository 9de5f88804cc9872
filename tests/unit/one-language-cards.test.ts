// A product list sends each description in the page's language only, the other language's where the
// page's is empty, so the card shows what `localized` showed before (docs/decisions/0089).
import { describe, expect, it } from "vitest";
import { localized } from "../../app/lib/localized";
import { inLanguage, type ProductCardData } from "../../app/routes/tenant/products.server";

const card = (description_en: string | null, description_ar: string | null) =>
  ({ id: 1, name_en: "Tea", name_ar: "شاي", description_en, description_ar }) as unknown as ProductCardData;

describe("a card's description in one language", () => {
  it("drops the other language's description and keeps both names", () => {
    const [en] = inLanguage([card("Black tea", "شاي أسود")], "en");
    expect([en!.description_en, en!.description_ar, en!.name_ar]).toEqual(["Black tea", null, "شاي"]);
    const [ar] = inLanguage([card("Black tea", "شاي أسود")], "ar");
    expect([ar!.description_en, ar!.description_ar, ar!.name_en]).toEqual([null, "شاي أسود", "Tea"]);
  });

  it("keeps the other language's where the page's is empty: the card shows what it showed before", () => {
    for (const lang of ["en", "ar"] as const) {
      for (const before of [card("", "شاي أسود"), card(null, "شاي أسود"), card("Black tea", "  "), card("Black tea", null), card(null, null)]) {
        const [after] = inLanguage([before], lang);
        expect(localized(after!, "description", lang)).toBe(localized(before, "description", lang));
      }
    }
  });
});
