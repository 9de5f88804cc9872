// One rule for a menu's names and prices (docs/decisions/0036, its Low list): what the editor refuses, the spreadsheet
// import refuses too, and what the editor takes, the import takes.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { planImport } from "../../worker/rules/menu-csv/plan";
import { dishFieldsFor } from "../../worker/rules/menu-forms";
import { MAX_DESCRIPTION, MAX_NAME } from "../../worker/rules/menu-rules";

const nothing = { menus: [], categories: [], dishes: [] };
const quoted = (s: string) => `"${s.replaceAll('"', '""')}"`;
/** The import's error codes for one dish row. */
function importErrors(dish: { name: string; description: string; price: string }, currency = "AED") {
  const plan = planImport(
    `menu_en,category_en,name_en,description_en,price\nMain,Plates,${quoted(dish.name)},${quoted(dish.description)},${dish.price}\n`,
    nothing,
    currency,
  );
  return "errors" in plan ? plan.errors.map((e) => e.code) : ["too-many-rows"];
}
const editorTakes = (dish: { name: string; description: string; price: string }, currency = "AED") =>
  v.safeParse(dishFieldsFor(currency), { name_en: dish.name, name_ar: "", description_en: dish.description, description_ar: "", price: dish.price }).success;

describe("the editor and the import read a dish alike", () => {
  const cases = [
    { name: "x".repeat(MAX_NAME), description: "d".repeat(MAX_DESCRIPTION), price: "12.50" },
    { name: "x".repeat(MAX_NAME + 1), description: "", price: "12" },
    { name: "Tea", description: "d".repeat(MAX_DESCRIPTION + 1), price: "12" },
    { name: "Tea", description: "", price: "12.345" },
    { name: "Tea", description: "", price: ".5" },
    { name: "Tea", description: "", price: "1000000" },
    { name: "Tea", description: "", price: "100000" },
    { name: "Tea", description: "", price: "9.9" },
  ];
  for (const currency of ["AED", "KWD"]) {
    for (const dish of [...cases, { name: "Tea", description: "", price: "12.3456" }]) {
      it(`${dish.name.length}-character name, ${dish.description.length}-character description, price ${dish.price} in ${currency}`, () => {
        expect(importErrors(dish, currency).length === 0).toBe(editorTakes(dish, currency));
      });
    }
  }

  it("takes three decimals in a three-decimal currency only, on the card networks' 10-fils step (docs/decisions/0060)", () => {
    expect(importErrors({ name: "Tea", description: "", price: "12.340" }, "KWD")).toEqual([]);
    expect(editorTakes({ name: "Tea", description: "", price: "12.340" }, "KWD")).toBe(true);
    expect(editorTakes({ name: "Tea", description: "", price: "12.345" }, "AED")).toBe(false);
    // 12.345 KWD has KWD's decimals but a last digit other than 0: both refuse it, with the step's own code.
    expect(importErrors({ name: "Tea", description: "", price: "12.345" }, "KWD")).toEqual(["price-step"]);
    const editor = v.safeParse(dishFieldsFor("BHD"), {
      name_en: "Tea",
      name_ar: "",
      description_en: "",
      description_ar: "",
      price: "1.234",
      price_offer: "0.995",
    });
    expect(editor.success ? [] : editor.issues.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ["price", "step"],
      ["price_offer", "step"],
    ]);
  });

  it("refuses a longer name and a more precise price in a file with their own codes", () => {
    expect(importErrors({ name: "x".repeat(MAX_NAME + 1), description: "", price: "12" })).toEqual(["too-long"]);
    expect(importErrors({ name: "Tea", description: "", price: "12.345" })).toEqual(["price"]);
  });
});
