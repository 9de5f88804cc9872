// Any text typed in a phone field reaches worker/rules/e164.ts, which the checkout, the ordering API and
// the console trust: it answers one E.164 number or null, and never throws. And the browser's helpers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { telHref } from "../../app/lib/phone";
import { asciiDigits, digitsOnly } from "../../worker/rules/digits";
import { toE164 } from "../../worker/rules/e164";

const COUNTRIES = ["AE", "SA", "KW", "BH", "QA", "OM", "XX", ""];

describe("toE164 for any text", () => {
  it("answers E.164 or null, never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.constantFrom(...COUNTRIES), (text, country) => {
        const out = toE164(text, country);
        expect(out === null || /^\+[1-9]\d{6,14}$/.test(out)).toBe(true);
      }),
    );
  });

  it("reads digits with any layout around them as the same number", () => {
    const layout = fc.constantFrom(" ", "-", ".", "(", ")", "\u00a0", "");
    fc.assert(
      fc.property(fc.array(layout, { minLength: 8, maxLength: 8 }), (gaps) => {
        const typed = [..."65551234"].map((d, i) => `${gaps[i]}${d}`).join("");
        expect(toE164(typed, "KW"), typed).toBe("+96565551234");
      }),
    );
  });

  it("refuses a + that is not leading, two +, and letters", () => {
    for (const bad of ["050123456x", "050+1234567", "++971501234567", "971+501234567", "0501234567#", "   "]) {
      expect(toE164(bad, "AE"), bad).toBeNull();
    }
  });
});

describe("the browser's phone helpers", () => {
  it("reads Arabic-Indic and Eastern Arabic-Indic digits as ASCII", () => {
    expect(asciiDigits("٠٥٠١٢٣٤٥٦٧")).toBe("0501234567");
    expect(asciiDigits("۰۵۰۱۲۳۴۵۶۷ ok")).toBe("0501234567 ok");
  });

  it("keeps the digits alone, in any of those scripts (a code typed on an Arabic keyboard, a WhatsApp link)", () => {
    expect(digitsOnly("+971 ٥٠-123 ۴۵")).toBe("9715012345");
    expect(digitsOnly("١٢٣ ٤٥٦")).toBe("123456");
    expect(digitsOnly("no digits")).toBe("");
  });

  it("dials the site's own numbers written in full", () => {
    expect(telHref("+971 4 123 4567")).toBe("tel:+97141234567");
  });
});
