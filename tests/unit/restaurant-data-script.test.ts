// The restaurant-data script's command line (scripts/restaurant-data.ts): which admin endpoint it calls
// with which body, and the usage for anything else.
import { describe, expect, it } from "vitest";
import { dataCall } from "../../scripts/restaurant-data.ts";

describe("npm run restaurant-data", () => {
  it("exports from the local site by default, or from --url", () => {
    expect(dataCall(["export", "saffron"])).toEqual({ url: "http://127.0.0.1:8787/_edge/restaurants/saffron/export" });
    expect(dataCall(["export", "saffron", "--url", "https://menu.example/"])).toEqual({ url: "https://menu.example/_edge/restaurants/saffron/export" });
  });

  it("imports a key, another restaurant's only with --allow-other-restaurant", () => {
    const key = "exports/1/2026-01-01T00:00:00.000Z.json";
    expect(dataCall(["import", "saffron", key])).toEqual({
      url: "http://127.0.0.1:8787/_edge/restaurants/saffron/import",
      body: JSON.stringify({ key, allow_other_restaurant: false }),
    });
    expect(JSON.parse((dataCall(["import", "grill-house", key, "--allow-other-restaurant"]) as { body: string }).body)).toEqual({
      key,
      allow_other_restaurant: true,
    });
  });

  it("answers the usage for a missing key, a bad domain or an unknown action", () => {
    for (const args of [["import", "saffron"], ["export", "Bad Domain"], ["dump", "saffron"], [], ["export", "saffron", "extra"]]) {
      expect(dataCall(args), args.join(" ")).toMatch(/^Usage: npm run restaurant-data/);
    }
  });
});
