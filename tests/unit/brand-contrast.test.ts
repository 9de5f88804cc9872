// The console's contrast warning: each pair's ratio from brand.ts's contrast(), the worse of background
// and white cards for page text, a half-typed colour leaving its pairs out, and no rounding up to a pass.
import { describe, expect, it } from "vitest";
import { contrastChecks } from "~/lib/brand-contrast";

const byPair = (style: Parameters<typeof contrastChecks>[0]) => Object.fromEntries(contrastChecks(style).map((c) => [c.pair, c]));

describe("contrastChecks", () => {
  it("passes the product's own colours", () => {
    expect(contrastChecks({ primary: "#b45309", onPrimary: "#ffffff", background: "#fffbf5", onBackground: "#1c1917" }).every((c) => c.ok)).toBe(true);
  });

  it("flags white on a pale primary with its ratio, and the pale primary as text", () => {
    const checks = byPair({ primary: "#fde68a", onPrimary: "#ffffff", background: "#fffbf5", onBackground: "#1c1917" });
    expect(checks.onPrimary).toEqual({ pair: "onPrimary", ratio: 1.2, ok: false });
    expect(checks.primaryText!.ok).toBe(false);
    expect(checks.onBackground!.ok).toBe(true);
  });

  it("measures page text against the white cards too (a dark background does not hide pale text)", () => {
    const checks = byPair({ primary: "#1d4ed8", onPrimary: "#ffffff", background: "#111111", onBackground: "#eeeeee" });
    expect(checks.onBackground!.ok).toBe(false);
    expect(checks.onBackground!.ratio).toBeLessThan(1.2);
  });

  it("rounds down, so a ratio just under 4.5 never reads 4.5", () => {
    // #767676 on white is 4.54:1, #777777 is 4.48:1.
    expect(byPair({ primary: "#ffffff", onPrimary: "#777777" }).onPrimary).toEqual({ pair: "onPrimary", ratio: 4.4, ok: false });
    expect(byPair({ primary: "#ffffff", onPrimary: "#767676" }).onPrimary).toEqual({ pair: "onPrimary", ratio: 4.5, ok: true });
  });

  it("leaves out a pair whose colour is still being typed", () => {
    expect(contrastChecks({ primary: "#1d4ed", onPrimary: "#ffffff", background: "#ffffff", onBackground: "#000000" }).map((c) => c.pair)).toEqual([
      "onBackground",
    ]);
  });
});
