// The diner's dietary filter (docs/decisions/0028): an allergen filter keeps only dishes whose allergens
// were declared (null: never declared) and free of it, and counts those it leaves out as undeclared.
import { describe, expect, it } from "vitest";
import { dietFromSearch, dietView, toggleDiet } from "~/lib/dietary-filter";
import type { Allergen, Tag } from "../../worker/rules/dietary";

const dish = (name: string, allergens: Allergen[] | null, tags: Tag[] = []) => ({ name, allergens, tags });
const toast = dish("Sourdough toast", null); // never declared: the example
const salad = dish("Salad", [], ["vegan"]);
const croissant = dish("Croissant", ["gluten", "milk", "eggs"], ["vegetarian"]);
const satay = dish("Satay", ["peanuts"]);
const falafel = dish("Falafel", null, ["vegan"]);
const menu = [toast, salad, croissant, satay, falafel];
const names = (list: { name: string }[]) => list.map((d) => d.name);

describe("dietView", () => {
  it("'No gluten' does not list a dish whose allergens were never declared, and counts it", () => {
    const view = dietView(menu, ["no-gluten"]);
    expect(names(view.products)).toEqual(["Salad", "Satay"]);
    expect(view.undeclared).toBe(2);
  });

  it("'No nuts' leaves out peanuts as well as tree nuts", () => {
    expect(names(dietView(menu, ["no-nuts"]).products)).toEqual(["Salad", "Croissant"]);
  });

  it("tag filters ask the tags only, and hide nothing as undeclared", () => {
    expect(dietView(menu, ["vegan"])).toEqual({ products: [salad, falafel], undeclared: 0 });
    expect(names(dietView(menu, ["vegetarian"]).products)).toEqual(["Salad", "Croissant", "Falafel"]);
  });

  it("with a tag and an allergen filter, counts only undeclared dishes the tag filter would keep", () => {
    const view = dietView(menu, ["vegan", "no-milk"]);
    expect(names(view.products)).toEqual(["Salad"]);
    expect(view.undeclared).toBe(1); // the falafel, not the toast (not vegan)
  });

  it("no filter keeps every dish, declared or not", () => {
    expect(dietView(menu, [])).toEqual({ products: menu, undeclared: 0 });
  });
});

describe("the filter in the URL", () => {
  it("reads known filters and toggles one, keeping other parameters", () => {
    expect(dietFromSearch("?diet=no-gluten,bogus&diet=vegan")).toEqual(["vegan", "no-gluten"]);
    expect(toggleDiet("?view=list", "no-milk")).toBe("?view=list&diet=no-milk");
    expect(toggleDiet("?diet=no-milk", "no-milk")).toBe("?");
  });
});
