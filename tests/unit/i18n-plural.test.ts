// Counted messages read right in both languages: Arabic's six plural forms, English's two.
import { describe, expect, it } from "vitest";
import { translator, type CountKey } from "~/lib/i18n";
import dictionaries from "~/locales";
import { marketing } from "~/locales/marketing";
import { orderingStrings } from "~/lib/strings.server";

const COUNTS = [0, 1, 2, 3, 11, 100];

describe("counted messages", () => {
  it.each<[CountKey, string[]]>([
    ["branch.results", ["لا نتائج", "نتيجة واحدة", "نتيجتان", "3 نتائج", "11 نتيجة", "100 نتيجة"]],
    ["product.columns", ["بلا أعمدة", "عمود واحد", "عمودان", "3 أعمدة", "11 عمودًا", "100 عمود"]],
    ["counts.items", ["لا عناصر", "عنصر واحد", "عنصران", "3 عناصر", "11 عنصرًا", "100 عنصر"]],
    ["dietary.allergenCount", ["لا مسببات حساسية", "مسبب حساسية واحد", "مسببا حساسية", "3 مسببات حساسية", "11 مسببًا للحساسية", "100 مسبب حساسية"]],
  ])("%s in Arabic: zero, one, two, few, many, other", (key, expected) => {
    const t = translator("ar", dictionaries.ar);
    expect(COUNTS.map((count) => t(key, { count }))).toEqual(expected);
  });

  it("waits in Arabic seconds", () => {
    const t = translator("ar", orderingStrings("ar"));
    expect(COUNTS.map((count) => t("otp.tooMany", { count }))).toEqual([
      "يرجى الانتظار قليلًا قبل طلب رمز جديد.",
      "يرجى الانتظار ثانية واحدة قبل طلب رمز جديد.",
      "يرجى الانتظار ثانيتين قبل طلب رمز جديد.",
      "يرجى الانتظار 3 ثوانٍ قبل طلب رمز جديد.",
      "يرجى الانتظار 11 ثانية قبل طلب رمز جديد.",
      "يرجى الانتظار 100 ثانية قبل طلب رمز جديد.",
    ]);
  });

  it.each<[CountKey<ReturnType<typeof orderingStrings>>, string[]]>([
    ["branch.results", ["0 results", "1 result", "2 results", "3 results", "11 results", "100 results"]],
    ["product.columns", ["0 columns", "1 column", "2 columns", "3 columns", "11 columns", "100 columns"]],
    ["counts.items", ["0 items", "1 item", "2 items", "3 items", "11 items", "100 items"]],
    ["dietary.allergenCount", ["0 allergens", "1 allergen", "2 allergens", "3 allergens", "11 allergens", "100 allergens"]],
    ["otp.tooMany", COUNTS.map((n) => `Please wait ${n} ${n === 1 ? "second" : "seconds"} before asking for a new code.`)],
  ])("%s in English: one and other", (key, expected) => {
    const t = translator("en", orderingStrings("en"));
    expect(COUNTS.map((count) => t(key, { count }))).toEqual(expected);
  });

  it("leaves plain messages and their interpolation as they were", () => {
    expect(translator("en", orderingStrings("en"))("cart.remove", { name: "Tea" })).toBe("Remove Tea");
    expect(translator("ar", orderingStrings("ar"))("cart.title")).toBe("السلة");
    expect(translator("en", dictionaries.en)("product.added")).toBe("The product has been added to the cart.");
  });

  it("asks the types for a count", () => {
    const t = translator("en", dictionaries.en);
    // @ts-expect-error a counted message without its count
    expect(t("branch.results")).toBe("{{count}} results");
  });

  it("states the free trial's length in the right form (TRIAL_DAYS may be any number of days)", () => {
    const ar = translator("ar", marketing.ar);
    const en = translator("en", marketing.en);
    expect([1, 2, 7, 14, 100].map((count) => ar("hero.trial", { count }).split(":")[0])).toEqual([
      "تجربة مجانية ليوم واحد",
      "تجربة مجانية ليومين",
      "تجربة مجانية لمدة 7 أيام",
      "تجربة مجانية لمدة 14 يوماً",
      "تجربة مجانية لمدة 100 يوم",
    ]);
    expect(en("hero.trial", { count: 14 })).toMatch(/^14-day free trial/);
    expect(en("plans.trial", { count: 30 })).toMatch(/^Start with a 30-day free trial/);
  });
});
