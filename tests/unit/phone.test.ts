// The one reading of a diner's phone number (app/lib/phone.ts), which the checkout action trusts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalisePhone, PHONE_EXAMPLE } from "../../app/lib/phone";

describe("normalisePhone", () => {
  it("accepts the usual ways of writing a number and keeps only its digits", () => {
    expect(normalisePhone(PHONE_EXAMPLE)).toBe("971501234567");
    expect(normalisePhone("+971-50-123-4567")).toBe("971501234567");
    expect(normalisePhone(" 050 123 4567 ")).toBe("0501234567");
    expect(normalisePhone("(050) 123.4567")).toBe("0501234567");
    expect(normalisePhone("0501234567")).toBe("0501234567");
    expect(normalisePhone("٠٥٠١٢٣٤٥٦٧")).toBe("0501234567"); // Arabic-Indic digits
    expect(normalisePhone("۰۵۰۱۲۳۴۵۶۷")).toBe("0501234567"); // Eastern Arabic-Indic (Persian keyboards)
  });

  it("keeps the spec's 10 to 15 digit rule", () => {
    expect(normalisePhone("050123456")).toBeNull(); // 9
    expect(normalisePhone("0501234567")).not.toBeNull(); // 10
    expect(normalisePhone("+123 456 789 012 345")).toBe("123456789012345"); // 15
    expect(normalisePhone("1234567890123456")).toBeNull(); // 16
  });

  it("refuses what is not a number: letters, a + that is not leading, two +, empty", () => {
    for (const bad of ["", "   ", "050123456x", "050+1234567", "++971501234567", "971+501234567", "tel:0501234567", "0501234567#"]) {
      expect(normalisePhone(bad), bad).toBeNull();
    }
  });

  it("answers digits or null for any text, never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const out = normalisePhone(text);
        expect(out === null || /^\d{10,15}$/.test(out)).toBe(true);
      }),
    );
  });
});
