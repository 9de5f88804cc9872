// The restaurant's colours are parsed and made readable on the server: these are the pairs diners read.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { AA, DARK_SURFACES, cleanBrand, contrast, parseColour } from "~/lib/brand";

const grillHouse = { primary: "#b91c1c", onPrimary: "#fff7ed", background: "#faf7f5", onBackground: "#1c1917" };

/** Every text/fill pair a palette paints, in both themes. */
function pairs(p: ReturnType<typeof cleanBrand>): [string, string][] {
  return [
    [p.onPrimary, p.primary],
    [p.onBackground, p.background],
    [p.onBackground, "#ffffff"],
    [p.primary, p.background],
    [p.primary, "#ffffff"],
    [p.darkOnPrimary, p.darkPrimary],
    ...DARK_SURFACES.map((s): [string, string] => [p.darkPrimary, s]),
  ];
}

describe("brand palette", () => {
  it("keeps a restaurant's colours that already read well", () => {
    const p = cleanBrand(grillHouse);
    expect(p).toMatchObject({ primary: "#b91c1c", onPrimary: "#fff7ed", background: "#faf7f5", onBackground: "#1c1917" });
  });

  it("lightens the primary for the dark surface, keeping its hue", () => {
    const p = cleanBrand(grillHouse);
    expect(contrast("#b91c1c", DARK_SURFACES[0]!)).toBeLessThan(AA); // the restaurant's own would not read
    expect(p.darkPrimary).not.toBe("#b91c1c");
    const [r, g, b] = parseColour(p.darkPrimary)!;
    expect(r).toBeGreaterThan(g);
    expect(Math.abs(g - b)).toBeLessThan(3);
    for (const s of DARK_SURFACES) expect(contrast(p.darkPrimary, s)).toBeGreaterThanOrEqual(AA);
  });

  it.each([
    ["white on yellow", { primary: "#facc15", onPrimary: "#ffffff", background: "#ffffff", onBackground: "#eeeeee" }],
    ["grey on grey", { primary: "rgb(120 120 120)", onPrimary: "rgb(140, 140, 140)", background: "hsl(0 0% 97%)", onBackground: "hsl(0, 0%, 70%)" }],
    ["dark background", { primary: "#22d3ee", onPrimary: "#000", background: "#111", onBackground: "#fff" }],
    ["only a primary", { primary: "#0ea5e9" }],
    ["nothing", null],
    ["not colours", { primary: "url(x)", onPrimary: "red; color: blue", background: "inherit", onBackground: "" }],
  ])("makes every pair readable (%s)", (_, style) => {
    for (const [text, fill] of pairs(cleanBrand(style))) expect(contrast(text, fill), `${text} on ${fill}`).toBeGreaterThanOrEqual(AA);
  });

  it("picks black or white when the restaurant's on-colour fails", () => {
    const p = cleanBrand({ primary: "#facc15", onPrimary: "#ffffff" });
    expect(p.darkOnPrimary).toBe("#000000");
    expect(["#000000", "#ffffff"]).toContain(p.onPrimary);
  });

  it("falls back to the product's colours for what is not a colour", () => {
    expect(cleanBrand({ primary: "javascript:alert(1)", background: "#12" })).toMatchObject({ primary: "#b45309", background: "#fffbf5" });
  });

  it("parses hex, rgb() and hsl() forms", () => {
    expect(parseColour("#f00")).toEqual([255, 0, 0]);
    expect(parseColour("#ff000080")).toEqual([255, 0, 0]);
    expect(parseColour("rgba(0, 128, 255, 0.5)")).toEqual([0, 128, 255]);
    expect(parseColour("rgb(100% 0% 0% / 50%)")).toEqual([255, 0, 0]);
    expect(parseColour("hsl(120deg 100% 25%)")).toEqual([0, 128, 0]);
    expect(parseColour("hsl(120, 100, 25)")).toBeUndefined();
  });

  it("checks accents against the same dark surface app.css paints", () => {
    const css = readFileSync("app/app.css", "utf8");
    expect(css).toMatch(new RegExp(String.raw`\.dark \{\s*--color-surface: ${DARK_SURFACES[0]};`));
  });
});
