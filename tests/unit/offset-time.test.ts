// The CSV's times (worker/rules/local-time.ts `isoWithOffset`): the branch's wall clock with its UTC
// offset, so Riyadh's 20:17 reads 2026-11-28T20:17:00+03:00 and no reader has to guess the zone.
import { describe, expect, it } from "vitest";
import { isoWithOffset } from "../../worker/rules/local-time";

describe("an instant with its offset", () => {
  it("prints the zone's wall clock and offset", () => {
    const at = Date.UTC(2026, 10, 28, 17, 17);
    expect(isoWithOffset(at, "Asia/Riyadh")).toBe("2026-11-28T20:17:00+03:00");
    expect(isoWithOffset(at, "Asia/Dubai")).toBe("2026-11-28T21:17:00+04:00");
    expect(isoWithOffset(at, "UTC")).toBe("2026-11-28T17:17:00+00:00");
    expect(isoWithOffset(Date.UTC(2026, 6, 1, 3, 0, 5), "America/New_York")).toBe("2026-06-30T23:00:05-04:00");
    expect(isoWithOffset(Date.UTC(2026, 0, 1, 0, 0), "Asia/Kolkata")).toBe("2026-01-01T05:30:00+05:30");
  });

  it("reads back to the same instant", () => {
    const at = Date.UTC(2026, 10, 28, 23, 59, 59);
    expect(Date.parse(isoWithOffset(at, "Asia/Kuwait"))).toBe(at);
  });
});
