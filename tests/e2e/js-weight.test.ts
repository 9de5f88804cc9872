// The diner's JavaScript budget (docs/decisions/0035), checked on every run rather than only in `npm run bench`:
// each diner screen's first-load JavaScript (the entry and its matched route modules with their
// imports, as <Scripts> loads them) minus the framework floor, a minimal React Router app built with
// the same config (bench/js-floor.ts), stays within 20 KB gzip. Deterministic: it weighs files of
// the build the browser tests serve (tests/e2e/global-setup.ts builds it first), no timing.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { frameworkFloor, gzipBytes, pageScripts } from "../../bench/js-floor.ts";

const BUDGET_KB = 20;
const CLIENT = join(import.meta.dirname, "../../build/client");
/** Every diner screen, by its path (ids are only matched against the route patterns). */
const SCREENS = {
  "branch list": "/saffron",
  "branch home": "/saffron/1",
  "menu page": "/saffron/1/1",
  "product page": "/saffron/1/1/1",
  search: "/saffron/1/search",
  cart: "/saffron/1/cart",
  orders: "/saffron/1/orders",
  "branch home from a table code": "/table/3/saffron/1",
  "cart from a table code": "/table/3/saffron/1/cart",
};

describe("the diner's first-load JavaScript", () => {
  let floorKb = Number.NaN;
  beforeAll(() => {
    floorKb = frameworkFloor() / 1024;
  }, 120_000);

  it("has a floor to weigh against (a minimal React Router app)", () => {
    // React and React Router alone are ~100 KB gzip; a floor far off that is a broken measure.
    expect(floorKb).toBeGreaterThan(80);
    expect(floorKb).toBeLessThan(140);
  });

  it.each(Object.entries(SCREENS))(`%s: ours (page − floor) is at most ${BUDGET_KB} KB gzip`, (_label, path) => {
    const ours = gzipBytes(CLIENT, pageScripts(CLIENT, path)) / 1024 - floorKb;
    expect(ours, `${path}: ${ours.toFixed(2)} KB over the ${floorKb.toFixed(2)} KB floor`).toBeLessThanOrEqual(BUDGET_KB);
  });
});
