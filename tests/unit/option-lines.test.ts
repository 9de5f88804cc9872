// Small items on what is printed (docs/decisions/0062): a dish's choices name their group once ("Extras: Feta,
// Avocado"), and a branch named as its restaurant is printed once, on kitchen tickets and table cards.
import { describe, expect, it } from "vitest";
import { choiceLines, groupChoices } from "../../worker/rules/option-lines";
import { branchOwnName, placeName } from "../../worker/rules/place-name";
import { ticketLines, ticketText } from "../../worker/printing/ticket";
import type { TicketOrder } from "../../worker/restaurant/printer-calls";

const choice = (name_en: string, sub_name_en: string, name_ar = `${name_en}-ar`, sub_name_ar = `${sub_name_en}-ar`) => ({
  name_en,
  name_ar,
  sub_name_en,
  sub_name_ar,
});
const feta = choice("Extras", "Feta", "إضافات", "فيتا");
const avocado = choice("Extras", "Avocado", "إضافات", "أفوكادو");
const large = choice("Size", "Large", "الحجم", "كبير");

describe("a dish's choices", () => {
  it("name each group once, in the order chosen", () => {
    expect(
      choiceLines(
        [feta, large, avocado],
        (c) => c.name_en,
        (c) => c.sub_name_en,
        "en",
      ),
    ).toEqual(["Extras: Feta, Avocado", "Size: Large"]);
    expect(
      choiceLines(
        [feta, avocado],
        (c) => c.name_ar,
        (c) => c.sub_name_ar,
        "ar",
      ),
    ).toEqual(["إضافات: فيتا، أفوكادو"]);
    expect(groupChoices([], (c: string) => c)).toEqual([]);
    // A group with no name: its choices alone.
    expect(
      choiceLines(
        [choice(" ", "Oat")],
        (c) => c.name_en,
        (c) => c.sub_name_en,
        "en",
      ),
    ).toEqual(["Oat"]);
  });
});

describe("a place's name", () => {
  it("prints a branch named as its restaurant once", () => {
    expect(placeName("Saffron", "Saffron")).toBe("Saffron");
    expect(placeName("Saffron", " saffron ")).toBe("Saffron");
    expect(placeName("Saffron", "Marina")).toBe("Saffron · Marina");
    expect(placeName("زعفران", "زعفران")).toBe("زعفران");
    expect(placeName("", "Marina")).toBe("Marina");
    expect(branchOwnName("Saffron", "Saffron")).toBe("");
  });
});

const order = (branch: { name_en: string; name_ar: string }): TicketOrder => ({
  reason: "order",
  num_order: 7,
  name: "Mona",
  note: null,
  table_id: 4,
  pickup_at: null,
  created_at: "2026-11-28 14:00:00",
  branch: { ...branch, time_zone: "Asia/Dubai" },
  items: [{ name_en: "Salad", name_ar: "سلطة", amount: 2, note: null, options: [feta, avocado] }],
});

describe("a kitchen ticket", () => {
  const restaurant = { name_en: "Saffron", name_ar: "زعفران" };
  it("names a branch called as its restaurant once, and each group of choices once", () => {
    const text = ticketText(ticketLines(restaurant, order({ name_en: "Saffron", name_ar: "زعفران" })));
    expect(text.match(/Saffron/g)).toHaveLength(1);
    expect(text.match(/زعفران/g)).toHaveLength(1);
    expect(text).toContain("  Extras: Feta, Avocado\n");
    expect(text).toContain("  إضافات: فيتا، أفوكادو\n");
    expect(text).not.toContain("Extras: Feta, Extras");
  });
  it("still names a branch with a name of its own", () => {
    const text = ticketText(ticketLines(restaurant, order({ name_en: "Marina", name_ar: "المارينا" })));
    expect(text).toContain("Saffron\nزعفران\nMarina\nالمارينا\n");
  });
});
