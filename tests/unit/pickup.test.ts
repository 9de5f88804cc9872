// When a pickup order can be collected (worker/rules/pickup.ts), on a Dubai branch open 11:00–23:00:
// at 11:50 with 20 minutes' preparation, "as soon as possible" is 12:10, the first slot 12:15, 12:30
// is fine, and a closed hour, the past, sooner than the kitchen can make, or more than a day ahead are
// refused; a branch open across midnight offers its small hours; a branch without hours any quarter.
import { describe, expect, it } from "vitest";
import { WEEKDAYS, type OpeningHours } from "../../worker/rules/opening-hours";
import { asapPickup, pickupProblem, pickupSlots } from "../../worker/rules/pickup";

const DUBAI = "Asia/Dubai";
const dubai = (iso: string) => Date.parse(`${iso}+04:00`);
const daily = (opens: string, closes: string): OpeningHours => ({ weekly: WEEKDAYS.map((day) => ({ day, opens, closes })), exceptions: [] });
const lunch = daily("11:00", "23:00");
const now = dubai("2026-11-26T11:50:00");

describe("a pickup time", () => {
  it("is as soon as possible at now plus the preparation time", () => {
    expect(asapPickup(now, 20)).toBe(dubai("2026-11-26T12:10:00"));
    expect(pickupProblem(asapPickup(now, 20), lunch, DUBAI, now, 20)).toBeNull();
  });

  it("takes 12:30 and refuses a closed hour, the past, too soon and too far", () => {
    expect(pickupProblem(dubai("2026-11-26T12:30:00"), lunch, DUBAI, now, 20)).toBeNull();
    expect(pickupProblem(dubai("2026-11-26T23:30:00"), lunch, DUBAI, now, 20)).toBe("closed");
    expect(pickupProblem(dubai("2026-11-27T10:00:00"), lunch, DUBAI, now, 20)).toBe("closed");
    expect(pickupProblem(dubai("2026-11-26T11:40:00"), lunch, DUBAI, now, 20)).toBe("past");
    expect(pickupProblem(dubai("2026-11-26T12:00:00"), lunch, DUBAI, now, 20)).toBe("tooSoon");
    expect(pickupProblem(dubai("2026-11-28T12:30:00"), lunch, DUBAI, now, 20)).toBe("tooFar");
  });

  it("offers the quarter hours from the first the kitchen can make, only while open, a day ahead", () => {
    const slots = pickupSlots(lunch, DUBAI, now, 20);
    expect(slots[0]).toBe(dubai("2026-11-26T12:15:00"));
    expect(slots).toContain(dubai("2026-11-26T12:30:00"));
    expect(slots.at(-1)).toBe(dubai("2026-11-27T11:45:00"));
    expect(slots).not.toContain(dubai("2026-11-26T23:00:00"));
    expect(slots.every((at) => pickupProblem(at, lunch, DUBAI, now, 20) === null)).toBe(true);
  });

  it("offers a late branch's small hours (18:00–02:00) and any quarter without hours", () => {
    const late = daily("18:00", "02:00");
    expect(pickupSlots(late, DUBAI, now, 20)).toContain(dubai("2026-11-27T01:30:00"));
    expect(pickupProblem(dubai("2026-11-27T01:30:00"), late, DUBAI, now, 20)).toBeNull();
    expect(pickupSlots(null, DUBAI, now, 20)).toHaveLength(95);
  });
});
