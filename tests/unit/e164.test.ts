// The reading of a phone number as people type it (worker/rules/e164.ts): E.164 with the restaurant's
// country, null for what is no number there, the same number written for people, the country's
// example for a form's hint and a branch's number with its tel: link.
import { describe, expect, it } from "vitest";
import examples from "libphonenumber-js/examples.mobile.json";
import { getExampleNumber, type CountryCode } from "libphonenumber-js/min";
import { dialable, EXAMPLE_MOBILES, exampleNumber, forPeople, toE164 } from "../../worker/rules/e164";

/** Each Gulf country's mobile and landline, as people there write them, and the one E.164 number they are. */
const GULF = [
  { country: "AE", mobile: ["050 123 4567", "0501234567"], mobileE164: "+971501234567", landline: ["04 388 1234", "043881234"], landlineE164: "+97143881234" },
  {
    country: "SA",
    mobile: ["055 123 4567", "0551234567"],
    mobileE164: "+966551234567",
    landline: ["011 234 5678", "0112345678"],
    landlineE164: "+966112345678",
  },
  { country: "KW", mobile: ["6555 1234", "65551234"], mobileE164: "+96565551234", landline: ["2222 3333", "22223333"], landlineE164: "+96522223333" },
  { country: "BH", mobile: ["3600 1234", "36001234"], mobileE164: "+97336001234", landline: ["1753 1234", "17531234"], landlineE164: "+97317531234" },
  { country: "QA", mobile: ["3312 3456", "33123456"], mobileE164: "+97433123456", landline: ["4412 3456", "44123456"], landlineE164: "+97444123456" },
  { country: "OM", mobile: ["9212 3456", "92123456"], mobileE164: "+96892123456", landline: ["2412 3456", "24123456"], landlineE164: "+96824123456" },
] as const;

const ARABIC = "٠١٢٣٤٥٦٧٨٩";
const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";
const inDigits = (text: string, digits: string) => text.replace(/\d/g, (d) => digits[Number(d)]!);

describe("toE164", () => {
  it.each(GULF)("reads $country's mobiles and landlines, local, +, 00, spaced and in Arabic digits, as one E.164 number", (c) => {
    for (const [typedLocal, e164] of [...c.mobile.map((m) => [m, c.mobileE164] as const), ...c.landline.map((l) => [l, c.landlineE164] as const)]) {
      const cc = e164.slice(1, 4);
      const nsn = e164.slice(4);
      const spellings = [
        typedLocal,
        `+${cc} ${nsn}`,
        `+${cc}${nsn}`,
        `00${cc}${nsn}`,
        `00 ${cc} ${nsn}`,
        `${cc}${nsn}`,
        inDigits(typedLocal, ARABIC),
        inDigits(`+${cc} ${nsn}`, ARABIC),
        inDigits(typedLocal, PERSIAN),
      ];
      for (const typed of spellings) expect(toE164(typed, c.country), `${c.country} ${typed}`).toBe(e164);
    }
  });

  it("reads the usual ways of writing a UAE mobile number as the same E.164 number", () => {
    for (const typed of ["0501234567", "00971501234567", "971501234567", "+971 50 123 4567", "+971-50-123-4567", "(050) 123.4567", " 050 123 4567 "]) {
      expect(toE164(typed, "AE"), typed).toBe("+971501234567");
    }
  });

  it("reads a national number against the restaurant's country, and an international one against its own", () => {
    expect(toE164("0501234567", "SA")).toBe("+966501234567");
    expect(toE164("00447911123456", "AE")).toBe("+447911123456");
    expect(toE164("+965 6555 1234", "AE")).toBe("+96565551234");
    // A country the metadata does not know: only numbers with their country code can be read.
    expect(toE164("+971501234567", "XX")).toBe("+971501234567");
    expect(toE164("0501234567", "XX")).toBeNull();
  });

  it("reads the contract's digits (E.164 without its +) of another country's number, not as a local one", () => {
    expect(toE164("447911123456", "AE")).toBe("+447911123456");
    expect(toE164("96565551234", "AE")).toBe("+96565551234");
    expect(toE164("971501234567", "KW")).toBe("+971501234567");
    // A local number one digit too long is refused, not read as another country's ("+501 …" is Belize).
    expect(toE164("5012345678", "AE")).toBeNull();
  });

  it("refuses a number too short or too long for its country, a prefix no number has, an extension, and text", () => {
    expect(toE164("0501", "AE")).toBeNull();
    expect(toE164("05591234567001", "AE")).toBeNull();
    expect(toE164("6555 123", "KW")).toBeNull(); // 7 digits
    expect(toE164("6555 12345", "KW")).toBeNull(); // 9 digits
    expect(toE164("0555 1234", "KW")).toBeNull();
    expect(toE164("123456789012345", "AE")).toBeNull();
    expect(toE164("000000000000", "AE")).toBeNull();
    expect(toE164("+971 50 123 4567 ext. 12", "AE")).toBeNull();
    expect(toE164("6555 1234 ext 5", "KW")).toBeNull();
    expect(toE164("", "AE")).toBeNull();
    expect(toE164("phone", "AE")).toBeNull();
    expect(toE164("+", "AE")).toBeNull();
    expect(toE164(`0501234567${" ".repeat(40)}`, "AE")).toBeNull();
  });
});

describe("forPeople", () => {
  it("writes an E.164 number the way people read it, grouped after its country code", () => {
    expect(forPeople("+971501234567")).toBe("+971 50 123 4567");
    expect(forPeople("+966551234567")).toBe("+966 55 123 4567");
    expect(forPeople("+96565551234")).toBe("+965 6555 1234");
    expect(forPeople("+447911123456")).toBe("+44 7911 123456");
    expect(forPeople("+12125551234")).toBe("+1 212 555 1234");
  });

  it("leaves alone what is not E.164: digits without a country code, or not a possible number", () => {
    expect(forPeople("0501234567")).toBe("0501234567");
    expect(forPeople("971501234567")).toBe("971501234567");
    expect(forPeople("+9")).toBe("+9");
    expect(forPeople("")).toBe("");
  });
});

describe("exampleNumber", () => {
  it("is the country's own example mobile, locally and with its code, and one every reading takes", () => {
    expect(exampleNumber("AE")).toEqual({ local: "050 123 4567", international: "+971 50 123 4567" });
    expect(exampleNumber("KW").international).toMatch(/^\+965 /);
    expect(exampleNumber("SA").local).toMatch(/^05/);
    for (const c of GULF) {
      const example = exampleNumber(c.country);
      expect(toE164(example.local, c.country), c.country).toBe(toE164(example.international, "AE"));
      expect(toE164(example.local, c.country)).not.toBeNull();
    }
    // A country the metadata does not know falls back to the UAE's.
    expect(exampleNumber("XX")).toEqual(exampleNumber("AE"));
  });

  it("keeps libphonenumber's own example for every country it lists", () => {
    for (const [country, national] of Object.entries(EXAMPLE_MOBILES)) {
      expect(national, country).toBe(getExampleNumber(country as CountryCode, examples)!.nationalNumber);
    }
    for (const country of ["AE", "SA", "KW", "QA", "BH", "OM", "EG", "JO", "LB", "GB", "US", "IN", "PK"]) expect(EXAMPLE_MOBILES).toHaveProperty(country);
  });
});

describe("dialable", () => {
  it("dials a branch's number in E.164, read in its restaurant's country, and writes it for people", () => {
    expect(dialable("04 388 1234", "AE")).toEqual({ text: "+971 4 388 1234", href: "tel:+97143881234" });
    expect(dialable("043881234", "AE")?.href).toBe("tel:+97143881234");
    expect(dialable("+97143881234", "AE")?.href).toBe("tel:+97143881234");
    expect(dialable("2222 3333", "KW")).toEqual({ text: "+965 2222 3333", href: "tel:+96522223333" });
    expect(dialable("011 234 5678", "SA")?.href).toBe("tel:+966112345678");
    expect(dialable("+966 11 234 5678", "AE")?.href).toBe("tel:+966112345678");
  });

  it("shows what no number can be read from without a link, and nothing for no number", () => {
    expect(dialable(" ask at the counter ", "AE")).toEqual({ text: "ask at the counter", href: null });
    expect(dialable("043881234", "KW")).toEqual({ text: "043881234", href: null });
    expect(dialable(null, "AE")).toBeNull();
    expect(dialable(" ", "AE")).toBeNull();
  });
});
