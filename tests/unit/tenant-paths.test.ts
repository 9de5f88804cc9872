// The diner's pending skeleton and the router read one list of the site's own paths
// (worker/rules/reserved.ts SITE_PATHS): going to /signup or /console from a diner's page shows no
// branch-list skeleton, and every site path is also a word sign-up refuses.
import { describe, expect, it } from "vitest";
import { isBranchListPath } from "../../app/lib/tenant-paths";
import { RESERVED, slugProblem } from "../../worker/rules/reserved";
import { SITE_PATHS } from "../../worker/rules/site-paths";

describe("which paths are a branch list", () => {
  it("takes a restaurant's address, plain or from a table code", () => {
    expect(isBranchListPath("/saffron")).toBe(true);
    expect(isBranchListPath("/table/3/saffron")).toBe(true);
  });

  it("never takes the site's own paths for a restaurant's", () => {
    for (const path of ["/signup", "/console", "/contact", "/about-us", "/cloudprnt", "/webhooks"]) expect(isBranchListPath(path), path).toBe(false);
    for (const word of SITE_PATHS) {
      expect(isBranchListPath(`/${word}`), word).toBe(false);
      expect(isBranchListPath(`/table/3/${word}`), word).toBe(false);
    }
  });

  it("is not a branch's screen", () => {
    expect(isBranchListPath("/saffron/1")).toBe(false);
    expect(isBranchListPath("/")).toBe(false);
  });
});

describe("the site's paths and sign-up", () => {
  it("refuses every site path that could be an address", () => {
    for (const word of SITE_PATHS) {
      expect(RESERVED.has(word), word).toBe(true);
      if (/^[a-z0-9-]+$/.test(word) && word.length >= 3) expect(slugProblem(word), word).toBe("reserved");
    }
  });
});
