// The one helper for dates and times people read (worker/rules/date-locale.ts) and the country → zone
// rule (worker/rules/zones.ts): a Riyadh and a Kuwait evening read as their own local time, in the
// country's Arabic, in the Gregorian calendar.
import { describe, expect, it } from "vitest";
import { dateFormat, peopleLocale } from "../../worker/rules/date-locale";
import { asksZone, zoneForCountry, zonesOfCountry } from "../../worker/rules/zones";

// 17:17 UTC on Wednesday 2 December 2026: 20:17 in Riyadh and in Kuwait City, 21:17 in Dubai.
const EVENING = Date.UTC(2026, 11, 2, 17, 17);
const clock24 = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

describe("peopleLocale: the page's language with the branch's country", () => {
  it("Arabic takes the country (ar-SA, ar-KW), always Gregorian, Latin digits on request", () => {
    expect(peopleLocale("ar", "SA")).toBe("ar-SA-u-ca-gregory");
    expect(peopleLocale("ar", "kw", "latin")).toBe("ar-KW-u-ca-gregory-nu-latn");
    expect(peopleLocale("ar", "GB")).toBe("ar-u-ca-gregory");
  });

  it("English is British style, American in the US; no country is plain", () => {
    expect(peopleLocale("en", "SA")).toBe("en-GB-u-ca-gregory");
    expect(peopleLocale("en", "US")).toBe("en-US-u-ca-gregory");
    expect(peopleLocale("en", null)).toBe("en-GB-u-ca-gregory");
  });
});

describe("dateFormat: in the branch's zone", () => {
  it("a Riyadh evening reads 20:17, not Dubai's 21:17", () => {
    expect(dateFormat({ lang: "en", country: "SA", zone: "Asia/Riyadh" }, clock24).format(EVENING)).toBe("20:17");
    expect(dateFormat({ lang: "ar", country: "SA", zone: "Asia/Riyadh" }, clock24, "latin").format(EVENING)).toBe("20:17");
    expect(dateFormat({ lang: "en", country: "AE", zone: "Asia/Dubai" }, clock24).format(EVENING)).toBe("21:17");
  });

  it("a Kuwait one too, in Kuwait's Arabic with its own digits unless Latin is asked", () => {
    const kuwait = dateFormat({ lang: "ar", country: "KW", zone: "Asia/Kuwait" }, clock24);
    expect(kuwait.resolvedOptions().locale).toMatch(/^ar-KW/);
    expect(kuwait.format(EVENING)).toBe("٢٠:١٧");
    expect(dateFormat({ lang: "ar", country: "KW", zone: "Asia/Kuwait" }, clock24, "latin").format(EVENING)).toBe("20:17");
  });

  it("a Saudi date stays Gregorian (2 December 2026, not a Hijri date)", () => {
    const day = dateFormat({ lang: "ar", country: "SA", zone: "Asia/Riyadh" }, { year: "numeric", month: "numeric", day: "numeric" }, "latin");
    expect(day.resolvedOptions().calendar).toBe("gregory");
    expect(day.format(EVENING)).toContain("2026");
  });

  it("no zone is the default's clock", () => {
    expect(dateFormat({ lang: "en", country: "AE", zone: null }, clock24).format(EVENING)).toBe("21:17");
  });
});

describe("zones: the country sets the branch's zone", () => {
  it("each Gulf country has its own zone", () => {
    expect(zoneForCountry("SA")).toBe("Asia/Riyadh");
    expect(zoneForCountry("KW")).toBe("Asia/Kuwait");
    expect(zoneForCountry("BH")).toBe("Asia/Bahrain");
    expect(zoneForCountry("QA")).toBe("Asia/Qatar");
    expect(zoneForCountry("OM")).toBe("Asia/Muscat");
    expect(zoneForCountry("AE")).toBe("Asia/Dubai");
    expect(zoneForCountry("EG", "Asia/Riyadh")).toBe("Africa/Cairo"); // a one-zone country ignores a choice
  });

  it("the US asks: only one of its own zones is taken", () => {
    expect(asksZone("US")).toBe(true);
    expect(asksZone("SA")).toBe(false);
    expect(zoneForCountry("US")).toBeNull();
    expect(zoneForCountry("US", "Asia/Dubai")).toBeNull();
    expect(zoneForCountry("US", "America/Chicago")).toBe("America/Chicago");
  });

  it("every zone listed is one the runtime knows", () => {
    for (const country of ["AE", "SA", "KW", "BH", "QA", "OM", "EG", "JO", "LB", "GB", "US"]) {
      expect(zonesOfCountry(country).length).toBeGreaterThan(0);
      for (const zone of zonesOfCountry(country)) expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
    }
  });
});
