// Money in each restaurant's currency (worker/rules/money.ts, app/lib/money.ts): its ISO 4217 decimals
// for rounding, Stripe's minor units and the diner's display, in English and Arabic.
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/lib/money";
import { currencyOfCountry } from "../../worker/rules/currencies";
import { currencyDigits, fitsCurrency, majorUnits, minorUnits, roundMoney } from "../../worker/rules/money";

describe("money in the restaurant's currency", () => {
  it("knows each currency's decimals: 2 for AED and SAR, 3 for KWD, BHD, OMR and JOD, 0 for JPY", () => {
    expect(["AED", "SAR", "QAR", "EGP", "GBP", "USD"].map(currencyDigits)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(["KWD", "BHD", "OMR", "JOD"].map(currencyDigits)).toEqual([3, 3, 3, 3]);
    expect(currencyDigits("jpy")).toBe(0);
    expect(currencyDigits("not a code")).toBe(2);
  });

  it("prices a new restaurant in its country's currency", () => {
    expect(["AE", "SA", "KW", "QA", "BH", "OM", "EG", "JO", "GB", "US"].map(currencyOfCountry)).toEqual([
      "AED",
      "SAR",
      "KWD",
      "QAR",
      "BHD",
      "OMR",
      "EGP",
      "JOD",
      "GBP",
      "USD",
    ]);
  });

  it("rounds, converts and checks amounts to the currency's minor unit", () => {
    expect(roundMoney(12.345, "AED")).toBe(12.35);
    expect(roundMoney(12.3456, "KWD")).toBe(12.346);
    expect(roundMoney(0.1 + 0.2, "AED")).toBe(0.3);
    expect(minorUnits(3.125, "KWD")).toBe(3125);
    expect(minorUnits(12.5, "AED")).toBe(1250);
    expect(majorUnits(3125, "KWD")).toBe(3.125);
    expect(fitsCurrency(12.5, "AED")).toBe(true);
    expect(fitsCurrency(12.345, "AED")).toBe(false);
    expect(fitsCurrency(12.345, "KWD")).toBe(true);
    expect(fitsCurrency(12.3456, "KWD")).toBe(false);
    expect(fitsCurrency(0.1 + 0.2, "AED")).toBe(true);
  });

  it("shows the currency's decimals in English and Arabic", () => {
    expect(formatMoney(36, "en", "AED")).toBe("36.00 AED");
    expect(formatMoney(36, "ar", "AED")).toBe("36.00 د.إ");
    expect(formatMoney(1.5, "en", "KWD")).toBe("1.500 KWD");
    expect(formatMoney(1.5, "ar", "KWD")).toBe("1.500 د.ك");
    expect(formatMoney(12, "en", "SAR")).toBe("12.00 SAR");
  });
});
