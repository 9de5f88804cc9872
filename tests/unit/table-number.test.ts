// A branch's table numbers (worker/rules/table-number.ts) and how its number of tables arrives from a
// backend (worker/upstream/schemas.ts): absent or unreadable (an external UPSTREAM_URL) is "not set",
// so tables 1 to 9999 stay.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isTableNumber, lastTable, MAX_TABLE } from "../../worker/rules/table-number";
import { BranchesData } from "../../worker/upstream/schemas";

describe("a branch's table numbers", () => {
  it("are 1 to its number of tables, or 1 to 9999 while none is set", () => {
    expect([isTableNumber(12, 12), isTableNumber(13, 12), isTableNumber(1, 12)]).toEqual([true, false, true]);
    expect([isTableNumber(9999), isTableNumber(10_000), isTableNumber(9999, null), isTableNumber(0), isTableNumber(2.5)]).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
    expect([lastTable(12), lastTable(null), lastTable(undefined)]).toEqual([12, MAX_TABLE, MAX_TABLE]);
  });
});

describe("a backend's branch", () => {
  const branchOf = (extra: object) =>
    v.parse(BranchesData, { restaurant: { id: 1, name_en: "R", name_ar: "ر" }, branch: [{ id: 1, name_en: "B", name_ar: "ب", ...extra }] }).branch[0]!;

  it("carries its number of tables when sent, and none (null) when absent or unreadable", () => {
    expect(branchOf({ tables: 12 }).tables).toBe(12);
    expect(branchOf({}).tables).toBeNull();
    for (const bad of [0, 10_000, 2.5, "12", -1]) expect(branchOf({ tables: bad }).tables, String(bad)).toBeNull();
  });
});
