// The browser tests' opening hours near "now", chosen in the branch's zone so that they never wrap into a
// range already past (at 22:00 "two hours from now" is tomorrow's 00:00): tests/unit/hours-near-now.test.tsx.
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** `at`'s local date ("YYYY-MM-DD"), weekday (Sunday = 0) and hour in `timeZone`. */
function localClock(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    weekday: "short",
    hour: "numeric",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
  return { date: `${part("year")}-${part("month")}-${part("day")}`, weekday, hour: Number(part("hour")) };
}

/**
 * One hour-long weekly range on the local day of `now` + 2 h, from the start of that hour: it opens one
 * to two hours after `now` (never earlier today, whatever the hour), so the branch is closed at `now`.
 * `opens`/`closes` are what the editor's time fields take (a closing typed as 00:00 is stored as 24:00);
 * `notice` is the diner's English notice: "opens at" today, "opens <weekday> at" when the hour is tomorrow's.
 */
export function closedRangeAhead(now: number, timeZone: string) {
  const start = localClock(now + 2 * HOUR_MS, timeZone);
  // The diner's time is en-GB "H:mm" (app/lib/ordering-state.tsx): no leading zero before 10:00.
  const time = `${start.hour}:00`;
  const today = start.date === localClock(now, timeZone).date;
  return {
    weekday: start.weekday,
    opens: `${pad(start.hour)}:00`,
    closes: `${pad((start.hour + 1) % 24)}:00`,
    notice: today ? `Closed now, opens at ${time}` : `Closed now, opens ${WEEKDAYS[start.weekday]} at ${time}`,
  };
}

/**
 * One four-hour weekly range that is open now: from the start of the hour an hour ago, on that moment's
 * local weekday (at 00:30 that is yesterday's 23:00, running past midnight), so it never starts later today.
 */
export function openRangeAround(now: number, timeZone: string) {
  const start = localClock(now - HOUR_MS, timeZone);
  return { weekday: start.weekday, opens: `${pad(start.hour)}:00`, closes: `${pad((start.hour + 4) % 24)}:00` };
}
