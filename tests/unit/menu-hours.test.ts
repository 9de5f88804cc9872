// A menu's windows (worker/rules/menu-hours.ts): breakfast served at 08:00 and not at 12:00 in the
// branch's zone, a window across midnight, a date range (an iftar menu), and the stored shape's checks.
import { describe, expect, it } from "vitest";
import { readServed } from "../../worker/rules/hours-schema";
import { bothServed, servedStretches, windowsOn, type MenuServed } from "../../worker/rules/menu-hours";
import { stateAt } from "../../worker/rules/open-stretches";

const DUBAI = "Asia/Dubai";
/** An instant given as Dubai wall time (UTC+4, no daylight saving). */
const dubai = (iso: string) => Date.parse(`${iso}+04:00`);
const everyDay = (opens: string, closes: string) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day: day as 0, opens, closes }));
const breakfast: MenuServed = { weekly: everyDay("07:00", "11:30"), from: null, until: null };
const state = (served: MenuServed | null, at: number, zone = DUBAI) => stateAt(servedStretches(served, zone, at), at);

describe("a menu's windows", () => {
  it("serves breakfast at 08:00 until 11:30, and at 12:00 says it opens tomorrow at 07:00", () => {
    expect(state(breakfast, dubai("2026-11-26T08:00:00"))).toEqual({ open: true, closesAt: dubai("2026-11-26T11:30:00") });
    expect(state(breakfast, dubai("2026-11-26T12:00:00"))).toEqual({ open: false, opensAt: dubai("2026-11-27T07:00:00") });
    expect(state(breakfast, dubai("2026-11-26T06:59:00"))).toEqual({ open: false, opensAt: dubai("2026-11-26T07:00:00") });
    expect(state(breakfast, dubai("2026-11-26T11:30:00")).open).toBe(false);
  });

  it("is read in the branch's zone: 08:00 in London is 12:00 in Dubai", () => {
    const at = Date.parse("2026-11-26T08:00:00Z");
    expect(state(breakfast, at, "Europe/London").open).toBe(true);
    expect(state(breakfast, at, DUBAI).open).toBe(false);
  });

  it("runs a window across midnight into the next day", () => {
    const late: MenuServed = { weekly: [{ day: 4, opens: "22:00", closes: "02:00" }], from: null, until: null };
    // 2026-11-26 is a Thursday (4): its 22:00–02:00 is still served at 01:00 on Friday.
    expect(state(late, dubai("2026-11-27T01:00:00"))).toEqual({ open: true, closesAt: dubai("2026-11-27T02:00:00") });
    expect(state(late, dubai("2026-11-26T21:00:00"))).toEqual({ open: false, opensAt: dubai("2026-11-26T22:00:00") });
  });

  it("serves an iftar menu only between its first and last date", () => {
    const iftar: MenuServed = { weekly: everyDay("18:00", "21:00"), from: "2027-02-08", until: "2027-03-09" };
    expect(state(iftar, dubai("2027-02-07T19:00:00"))).toEqual({ open: false, opensAt: dubai("2027-02-08T18:00:00") });
    expect(state(iftar, dubai("2027-02-20T19:00:00"))).toEqual({ open: true, closesAt: dubai("2027-02-20T21:00:00") });
    expect(state(iftar, dubai("2027-03-09T20:59:00")).open).toBe(true);
    expect(state(iftar, dubai("2027-03-10T19:00:00"))).toEqual({ open: false, opensAt: null });
    // Dates alone: served all day within them.
    const dates: MenuServed = { weekly: [], from: "2027-02-08", until: "2027-02-08" };
    expect(state(dates, dubai("2027-02-08T03:00:00")).open).toBe(true);
    expect(state(dates, dubai("2027-02-09T00:00:00")).open).toBe(false);
  });

  it("has no stretches (always served) without windows or dates, and only finite instants otherwise", () => {
    expect(servedStretches(null, DUBAI, Date.now())).toBeNull();
    expect(servedStretches({ weekly: [], from: null, until: null }, DUBAI, Date.now())).toBeNull();
    const stretches = servedStretches({ weekly: [], from: "2020-01-01", until: null }, DUBAI, Date.now())!;
    expect(JSON.parse(JSON.stringify(stretches))).toEqual(stretches);
  });

  it("says today's windows in order", () => {
    const two: MenuServed = {
      weekly: [
        { day: 4, opens: "18:00", closes: "22:00" },
        { day: 4, opens: "07:00", closes: "11:30" },
        { day: 5, opens: "09:00", closes: "12:00" },
      ],
      from: null,
      until: null,
    };
    expect(windowsOn(two, DUBAI, dubai("2026-11-26T12:00:00"))).toEqual(["07:00–11:30", "18:00–22:00"]);
  });

  it("reads only a well-formed stored shape", () => {
    expect(readServed(JSON.stringify(breakfast))).toEqual(breakfast);
    expect(readServed({ weekly: [], from: "2027-03-09", until: "2027-02-08" })).toBeNull();
    expect(readServed({ weekly: [{ day: 1, opens: "25:00", closes: "11:00" }], from: null, until: null })).toBeNull();
    expect(readServed("{not json")).toBeNull();
    expect(readServed(null)).toBeNull();
  });
});

describe("a category's windows inside its menu's", () => {
  const at = dubai("2026-11-26T08:00:00");
  const both = (menu: MenuServed | null, category: MenuServed | null, now: number) =>
    stateAt(bothServed(servedStretches(menu, DUBAI, at), servedStretches(category, DUBAI, at)), now);
  const late: MenuServed = { weekly: everyDay("09:00", "12:00"), from: null, until: null };

  it("is the overlap: served 09:00–11:30 when the menu is 09:00–12:00 and the category 07:00–11:30", () => {
    expect(both(late, breakfast, dubai("2026-11-26T08:00:00"))).toEqual({ open: false, opensAt: dubai("2026-11-26T09:00:00") });
    expect(both(late, breakfast, dubai("2026-11-26T10:00:00"))).toEqual({ open: true, closesAt: dubai("2026-11-26T11:30:00") });
    expect(both(late, breakfast, dubai("2026-11-26T11:45:00"))).toEqual({ open: false, opensAt: dubai("2026-11-27T09:00:00") });
  });

  it("is either one's alone when the other has none, and always when neither has", () => {
    expect(both(null, breakfast, dubai("2026-11-26T12:00:00"))).toEqual(state(breakfast, dubai("2026-11-26T12:00:00")));
    expect(both(late, null, dubai("2026-11-26T10:00:00"))).toEqual(state(late, dubai("2026-11-26T10:00:00")));
    expect(bothServed(null, null)).toBeNull();
  });

  it("is never served when the two never overlap (a dinner category in a breakfast menu)", () => {
    const dinner: MenuServed = { weekly: everyDay("18:00", "23:00"), from: null, until: null };
    expect(bothServed(servedStretches(breakfast, DUBAI, at), servedStretches(dinner, DUBAI, at))).toEqual([]);
    expect(both(breakfast, dinner, dubai("2026-11-26T19:00:00"))).toEqual({ open: false, opensAt: null });
  });
});
