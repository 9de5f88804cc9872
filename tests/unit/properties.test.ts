// Property tests: cache keys never collide, and answer parsers never throw on any JSON
// (they either parse or raise the one error the pages know how to show).
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { cacheKeyUrl } from "../../worker/rules/cache-key";
import { UpstreamError } from "../../worker/upstream/errors";
import { parseData } from "../../worker/upstream/fetch-json";
import * as s from "../../worker/upstream/schemas";

const part = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.constantFrom(".", "..", "%2e", "/", "%", "", "_"), fc.integer());
const parts = fc.array(part, { maxLength: 6 });
const normalised = (p: (string | number)[]) => p.map(String);

describe("cache keys", () => {
  it("are injective, also after URL parsing", () => {
    fc.assert(
      fc.property(parts, parts, (a, b) => {
        fc.pre(JSON.stringify(normalised(a)) !== JSON.stringify(normalised(b)));
        const ka = cacheKeyUrl("https://k.internal", a);
        const kb = cacheKeyUrl("https://k.internal", b);
        expect(ka).not.toBe(kb);
        expect(new URL(ka).href).not.toBe(new URL(kb).href);
      }),
      { numRuns: 2000 },
    );
  });

  it("survive URL parsing unchanged", () => {
    fc.assert(fc.property(parts, (p) => new URL(cacheKeyUrl("https://k.internal", p)).href === cacheKeyUrl("https://k.internal", p)));
  });
});

const schemas = {
  BranchesData: s.BranchesData,
  MenuData: s.MenuData,
  OffersData: s.OffersData,
  OptionsData: s.OptionsData,
  Products: v.array(s.Product),
  Categories: v.array(s.Category),
  Socials: v.array(s.Social),
  StyleData: s.StyleData,
};

describe("answer parsers", () => {
  it.each(Object.entries(schemas))("%s never throws anything but UpstreamError on arbitrary JSON", (name, schema) => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (anything, data) => {
        for (const json of [anything, { errors: [], errorCode: "", data }]) {
          try {
            parseData(name, json, schema);
          } catch (error) {
            expect(error).toBeInstanceOf(UpstreamError);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("accepts the backend's quirks: 0/1 and string booleans, string prices, nulls, extra fields", () => {
    const product = parseData(
      "p",
      {
        errors: [],
        errorCode: "",
        data: {
          id: "7",
          name_en: "Latte",
          name_ar: null,
          price: "18.50",
          price_offer: 0,
          new: 1,
          common: "0",
          hidden: false,
          unavailable: "1",
          option: null,
          sortNum: 3,
          num_visit: 9,
          created_at: "2024-01-01",
        },
      },
      s.Product,
    );
    expect(product).toMatchObject({ id: 7, name_ar: "", price: 18.5, price_offer: 0, new: true, common: false, hidden: false, unavailable: true });
    expect(product).not.toHaveProperty("sortNum");
  });

  it("rejects a price that is not a number", () => {
    expect(() => parseData("p", { data: { id: 1, price: "free" } }, s.Product)).toThrow(UpstreamError);
  });
});
