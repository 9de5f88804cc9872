// The Info sheet's hours in words (app/lib/week-hours.ts) with injected clocks: the state around
// midnight, ranges across midnight, closed days, exceptions, a zone far from UTC, both languages.
import { describe, expect, it } from "vitest";
import { translator } from "../../app/lib/i18n";
import { weekHours as inWords } from "../../app/lib/week-hours";
import dictionaries, { type Language } from "../../app/locales";
import type { OpeningHours } from "../../worker/rules/opening-hours";

const at = (iso: string) => Date.parse(iso);
// The page's `t` over its one language's strings, as the root loader sends them.
const weekHours = (h: OpeningHours | null, zone: string | null, now: number, lang: Language, country: string | null = null) =>
  inWords(h, zone, now, lang, translator(lang, dictionaries[lang]), country);
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6] as const;
const every = (opens: string, closes: string, days: readonly number[] = ALL_WEEK): OpeningHours["weekly"] =>
  days.map((day) => ({ day: day as 0, opens, closes }));
const hours = (weekly: OpeningHours["weekly"], exceptions: OpeningHours["exceptions"] = []): OpeningHours => ({ weekly, exceptions });

// 2026-11-24 is a Tuesday; Dubai is UTC+4 all year.
const cafe = hours(every("07:00", "23:00"));

describe("weekHours: the state now, in the branch's zone", () => {
  it("open: 'Open now · closes 23:00'", () => {
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-24T08:00:00Z"), "en")?.status).toBe("Open now · closes 23:00"); // 12:00 in Dubai
  });

  it("one minute before closing, still open; at closing, closed until the morning", () => {
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-24T18:59:00Z"), "en")?.status).toBe("Open now · closes 23:00"); // 22:59
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-24T19:00:00Z"), "en")?.status).toBe("Closed · opens 07:00"); // 23:00
  });

  it("just before and after local midnight: closed, opens 07:00 (not 07:00 UTC, 03:00 local)", () => {
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-24T19:59:00Z"), "en")?.status).toBe("Closed · opens 07:00"); // 23:59
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-24T20:01:00Z"), "en")?.status).toBe("Closed · opens 07:00"); // 00:01 Wed
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-25T02:59:00Z"), "en")?.status).toBe("Closed · opens 07:00"); // 06:59
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-25T03:00:00Z"), "en")?.status).toBe("Open now · closes 23:00"); // 07:00
  });

  it("a range across midnight is open after midnight and closes the next morning", () => {
    const late = hours(every("18:00", "02:00"));
    expect(weekHours(late, "Asia/Dubai", at("2026-11-24T19:30:00Z"), "en")?.status).toBe("Open now · closes 02:00"); // 23:30
    expect(weekHours(late, "Asia/Dubai", at("2026-11-24T21:30:00Z"), "en")?.status).toBe("Open now · closes 02:00"); // 01:30 Wed
    expect(weekHours(late, "Asia/Dubai", at("2026-11-24T22:00:00Z"), "en")?.status).toBe("Closed · opens 18:00"); // 02:00 Wed
  });

  it("back-to-back ranges over midnight are one stretch", () => {
    const joined = hours([...every("20:00", "24:00"), ...every("00:00", "03:00")]);
    expect(weekHours(joined, "Asia/Dubai", at("2026-11-24T19:00:00Z"), "en")?.status).toBe("Open now · closes 03:00"); // 23:00
  });

  it("an opening or closing a day or more away names the day", () => {
    const weekdays = hours(every("09:00", "17:00", [1, 2, 3, 4, 5]));
    // Friday 18:00 in Dubai: next opening Monday 09:00.
    expect(weekHours(weekdays, "Asia/Dubai", at("2026-11-27T14:00:00Z"), "en")?.status).toBe("Closed · opens Monday 09:00");
    // Open all week long: it closes more than a day from now.
    const long = hours(every("00:00", "24:00", [1, 2, 3]));
    expect(weekHours(long, "Asia/Dubai", at("2026-11-23T08:00:00Z"), "en")?.status).toBe("Open now · closes Thursday 00:00");
  });

  it("in the branch's zone, not the server's: the same instant is open in Dubai and closed in London", () => {
    const now = at("2026-11-24T04:00:00Z"); // 08:00 in Dubai, 04:00 in London
    expect(weekHours(cafe, "Asia/Dubai", now, "en")?.status).toBe("Open now · closes 23:00");
    expect(weekHours(cafe, "Europe/London", now, "en")?.status).toBe("Closed · opens 07:00");
  });

  it("Arabic", () => {
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-24T08:00:00Z"), "ar")?.status).toBe("مفتوح الآن · يغلق الساعة 23:00");
    expect(weekHours(cafe, "Asia/Dubai", at("2026-11-24T20:30:00Z"), "ar")?.status).toBe("مغلق · يفتح الساعة 07:00");
  });

  it("no hours: nothing to show (always open)", () => {
    expect(weekHours(null, "Asia/Dubai", at("2026-11-24T08:00:00Z"), "en")).toBeNull();
    expect(weekHours(hours([]), "Asia/Dubai", at("2026-11-24T08:00:00Z"), "en")).toBeNull();
  });
});

describe("weekHours: the week, day by day", () => {
  it("seven days from today (in the zone: Dubai's Wednesday begins at 20:00 UTC), closed days and '(next day)'", () => {
    const week = hours([...every("07:00", "15:00", [1, 2, 3, 4]), ...every("18:00", "02:00", [5]), { day: 6, opens: "09:00", closes: "24:00" }]);
    const days = weekHours(week, "Asia/Dubai", at("2026-11-24T20:30:00Z"), "en")!.days; // 00:30 Wednesday
    expect(days.map((d) => d.day)).toEqual(["Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday"]);
    expect(days.map((d) => d.today)).toEqual([true, false, false, false, false, false, false]);
    expect(days[0]).toMatchObject({ ranges: [{ times: "07:00–15:00", nextDay: null }], whole: null });
    expect(days[2]).toMatchObject({ ranges: [{ times: "18:00–02:00", nextDay: "(next day)" }], whole: null });
    expect(days[3]).toMatchObject({ ranges: [{ times: "09:00–24:00", nextDay: null }] });
    expect(days[4]).toMatchObject({ ranges: [], whole: "Closed" });
  });

  it("several ranges a day in order; all day says so; an exception replaces its date", () => {
    const week = hours(
      [{ day: 3, opens: "18:00", closes: "22:00" }, { day: 3, opens: "12:00", closes: "15:00" }, ...every("00:00", "24:00", [4])],
      [
        { date: "2026-11-27", ranges: [] },
        { date: "2026-11-28", ranges: [{ opens: "10:00", closes: "12:00" }] },
      ],
    );
    const days = weekHours(week, "Asia/Dubai", at("2026-11-25T08:00:00Z"), "ar")!.days; // Wednesday noon
    expect(days[0]).toMatchObject({ day: "الأربعاء", ranges: [{ times: "12:00–15:00" }, { times: "18:00–22:00" }] });
    expect(days[1]).toMatchObject({ ranges: [], whole: "مفتوح 24 ساعة" });
    expect(days[2]).toMatchObject({ ranges: [], whole: "مغلق" }); // Friday the 27th: the exception, closed
    expect(days[3]).toMatchObject({ ranges: [{ times: "10:00–12:00", nextDay: null }] });
    // The exceptions are named by their dates, the other days by their weekdays.
    expect(days.map((d) => d.day)).toEqual(["الأربعاء", "الخميس", "الجمعة، 27 نوفمبر", "السبت، 28 نوفمبر", "الأحد", "الاثنين", "الثلاثاء"]);
  });

  it("a one-day closure reads 'Wed 2 Dec: Closed', not 'Wednesday: Closed'; the next Wednesday is a Wednesday", () => {
    const week = hours(every("08:00", "22:00"), [{ date: "2026-12-02", ranges: [] }]);
    const days = weekHours(week, "Asia/Riyadh", at("2026-11-30T09:00:00Z"), "en", "SA")!.days; // Monday noon in Riyadh
    expect(days[2]).toMatchObject({ day: "Wed 2 Dec", ranges: [], whole: "Closed" });
    expect(days.filter((d) => d.day === "Wednesday")).toEqual([]);
    expect(days[1]).toMatchObject({ day: "Tuesday", ranges: [{ times: "08:00–22:00" }] });
  });

  it("a Riyadh branch's status is on Riyadh's clock (20:17 there is 21:17 in Dubai), in Saudi Arabic's days", () => {
    const week = hours(every("08:00", "20:30"));
    const evening = at("2026-12-02T17:17:00Z");
    expect(weekHours(week, "Asia/Riyadh", evening, "en", "SA")?.status).toBe("Open now · closes 20:30");
    expect(weekHours(week, "Asia/Dubai", evening, "en", "AE")?.status).toBe("Closed · opens 08:00");
    expect(weekHours(week, "Asia/Riyadh", evening, "ar", "SA")!.days[0]!.day).toBe("الأربعاء");
  });

  it("'(next day)' in Arabic", () => {
    const days = weekHours(hours(every("20:00", "01:30")), "Asia/Dubai", at("2026-11-25T08:00:00Z"), "ar")!.days;
    expect(days[0]!.ranges).toEqual([{ times: "20:00–01:30", nextDay: "(اليوم التالي)" }]);
  });
});
