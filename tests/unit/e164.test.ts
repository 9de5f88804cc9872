// The reading of a diner's phone number for SMS providers (worker/rules/e164.ts): E.164 with the
// restaurant's country, null for what is not a possible number there, and the same number written for people.
import { describe, expect, it } from "vitest";
import { forPeople, toE164 } from "../../worker/rules/e164";

describe("toE164", () => {
  it("reads the usual ways of writing a UAE mobile number as the same E.164 number", () => {
    for (const typed of ["0501234567", "00971501234567", "971501234567", "+971 50 123 4567", "+971-50-123-4567"]) {
      expect(toE164(typed, "AE"), typed).toBe("+971501234567");
    }
  });

  it("reads a national number against the restaurant's country, and an international one against its own", () => {
    expect(toE164("0501234567", "SA")).toBe("+966501234567");
    expect(toE164("00447700900123", "AE")).toBe("+447700900123");
    // A country the metadata does not know: only numbers with their country code can be read.
    expect(toE164("+971501234567", "XX")).toBe("+971501234567");
    expect(toE164("0501234567", "XX")).toBeNull();
  });

  it("refuses a number too short or too long for its country, an extension, and text", () => {
    expect(toE164("0501", "AE")).toBeNull();
    expect(toE164("05591234567001", "AE")).toBeNull();
    expect(toE164("+971 50 123 4567 ext. 12", "AE")).toBeNull();
    expect(toE164("", "AE")).toBeNull();
    expect(toE164("phone", "AE")).toBeNull();
  });
});

describe("forPeople", () => {
  it("writes an E.164 number the way people read it, grouped after its country code", () => {
    expect(forPeople("+971501234567")).toBe("+971 50 123 4567");
    expect(forPeople("+966551234567")).toBe("+966 55 123 4567");
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
