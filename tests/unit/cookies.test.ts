// The one cookie parser (app/lib/cookies.server.ts) reads every Cookie header as React Router's own
// createCookie().parse does: the page cache keys pages by its reading, the render by React Router's
// format, and the two must never disagree (docs/decisions/0010, one reading of the cookies).
import fc from "fast-check";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { parseCookies } from "../../app/lib/cookies.server";

const lang = createCookie("lang");
/** What React Router's parse makes of the value our parser read (it decodes its own format). */
const decodeOurs = (value: string | undefined) => (value === undefined ? null : lang.parse(`lang=${encodeURIComponent(value)}`));

// Pieces a hostile header is made of: React Router's encoding of a few values (as written and
// %-encoded), junk, broken escapes, and the separators and whitespace parsers disagree about.
const encoded = (value: string) => btoa(JSON.stringify(value));
const value = fc.constantFrom(encoded("ar"), encoded("en"), encodeURIComponent(encoded("ar")), "junk", "", "%", "%E0%A4%A", '"x"', `${encoded("en")}%3D`);
const name = fc.constantFrom("lang", "Lang", "lang2", "x", "", "__Host-lang");
const blank = fc.constantFrom("", " ", "  ", "\t", " \t");
const pair = fc.tuple(blank, name, blank, blank, value, blank).map(([a, n, b, c, v, d]) => `${a}${n}${b}=${c}${v}${d}`);
const piece = fc.oneof(pair, pair, fc.constantFrom("lang", "junk", "", "=", "==", ";"));
const header = fc.array(piece, { maxLength: 6 }).chain((pieces) => fc.constantFrom(";", "; ", ";\t").map((sep) => pieces.join(sep)));

describe("parseCookies", () => {
  it("reads what React Router reads, for any header", async () => {
    await fc.assert(
      fc.asyncProperty(header, async (text) => {
        expect(await decodeOurs(parseCookies(text).get("lang"))).toEqual(await lang.parse(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("trims names and values of spaces and tabs only, decodes values, and keeps the first of a repeat", () => {
    const c = parseCookies("a=1; lang =x;\tb\t= 2 ;lang=y; c=%41%; d=%41; \u00a0e=3");
    expect(c.get("lang")).toBe("x");
    expect(c.get("b")).toBe("2");
    expect(c.get("c")).toBe("%41%");
    expect(c.get("d")).toBe("A");
    expect(c.get("e")).toBeUndefined();
    expect(c.get("\u00a0e")).toBe("3");
  });

  it("calls a name ambiguous when it is repeated or has whitespace around it or its value", () => {
    const c = parseCookies("a=1; b=2;c=3; d =4;\te=5; f= 6; g=7\t; h=8; h=8; i=9;  j=10");
    expect(["a", "b", "c"].filter((n) => c.ambiguous(n))).toEqual([]);
    expect(["d", "e", "f", "g", "h", "j"].filter((n) => !c.ambiguous(n))).toEqual([]);
    expect(c.ambiguous("i")).toBe(false);
    expect(c.ambiguous("absent")).toBe(false);
  });

  it("reads nothing from no header, a header too short to hold a pair, or pairs without '='", () => {
    for (const text of [null, "", "a", "a; b; c"]) expect([...parseCookies(text).names()]).toEqual([]);
    expect(parseCookies("a; b=1").get("b")).toBe("1");
  });
});
