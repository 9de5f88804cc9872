// The Saudi simplified tax invoice's QR payload (worker/rules/zatca.ts): ZATCA phase 1's five TLV fields,
// each a tag, a one-byte length counted in UTF-8 bytes (not characters) and the value, all in base64; it
// matches the widely cited reference example and decodes back to the very values given.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zatcaQr } from "../../worker/rules/zatca";

/** The test's own reading of a TLV payload: base64 back to [tag, length, value] triples. */
const decodeTlv = (base64: string): [number, number, string][] => {
  const bytes = Buffer.from(base64, "base64");
  const triples: [number, number, string][] = [];
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    const value = bytes.subarray(at + 2, at + 2 + length);
    expect(value.length).toBe(length);
    triples.push([tag, length, new TextDecoder("utf-8", { fatal: true }).decode(value)]);
    at += 2 + length;
  }
  return triples;
};

const bobs = { seller: "Bobs Records", vatNumber: "310122393500003", timestamp: "2022-04-25T15:30:00Z", total: "1000.00", vat: "150.00" };

describe("the ZATCA phase 1 QR payload", () => {
  it("matches the reference example", () => {
    expect(zatcaQr(bobs)).toBe("AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==");
  });

  it("holds the five fields in order, tags 1 to 5", () => {
    expect(decodeTlv(zatcaQr(bobs))).toEqual([
      [1, 12, "Bobs Records"],
      [2, 15, "310122393500003"],
      [3, 20, "2022-04-25T15:30:00Z"],
      [4, 7, "1000.00"],
      [5, 6, "150.00"],
    ]);
  });

  it("counts an Arabic seller name's length in UTF-8 bytes", () => {
    const seller = "مطعم الشام"; // 10 characters: 9 Arabic letters of 2 bytes each and a space
    expect(seller.length).toBe(10);
    const triples = decodeTlv(zatcaQr({ ...bobs, seller }));
    expect(triples[0]).toEqual([1, 19, seller]);
    expect(triples.slice(1).map(([tag, , value]) => [tag, value])).toEqual([
      [2, "310122393500003"],
      [3, "2022-04-25T15:30:00Z"],
      [4, "1000.00"],
      [5, "150.00"],
    ]);
  });

  it("takes a value of exactly 255 bytes and refuses 256 or an empty one", () => {
    const longest = "ش".repeat(127) + "a"; // 254 + 1 bytes
    expect(decodeTlv(zatcaQr({ ...bobs, seller: longest }))[0]).toEqual([1, 255, longest]);
    expect(() => zatcaQr({ ...bobs, seller: "ش".repeat(128) })).toThrow(RangeError);
    expect(() => zatcaQr({ ...bobs, seller: "a".repeat(256) })).toThrow(RangeError);
    for (const field of ["seller", "vatNumber", "timestamp", "total", "vat"] as const) {
      expect(() => zatcaQr({ ...bobs, [field]: "" })).toThrow(RangeError);
    }
  });

  it("decodes back to any values that fit", () => {
    const value = fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).filter((s) => {
      const bytes = new TextEncoder().encode(s).length;
      return bytes > 0 && bytes <= 255;
    });
    fc.assert(
      fc.property(value, value, value, value, value, (seller, vatNumber, timestamp, total, vat) => {
        const values = [seller, vatNumber, timestamp, total, vat];
        expect(decodeTlv(zatcaQr({ seller, vatNumber, timestamp, total, vat }))).toEqual(values.map((v, i) => [i + 1, new TextEncoder().encode(v).length, v]));
      }),
    );
  });
});
