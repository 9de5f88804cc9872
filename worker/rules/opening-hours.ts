// A branch's opening hours (docs/decisions/0023, migrations/0015): their shape, and the one rule for "open now,
// or when does it open" in the branch's time zone, for the API's refusals and the diner's screens.
// Pure (Intl only): the client bundle takes it as it is; no imports of app/. Their valibot schemas
// are in hours-schema.ts, which the diner's bundle never loads.
import { branchZone, localDay, localInstant } from "./local-time";
import { stateAt, type OpenStretches, type OpeningState } from "./open-stretches";

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** "HH:MM" → minutes after local midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
type Weekday = (typeof WEEKDAYS)[number];
/** Several ranges a day; an exception's date replaces that day's weekly ranges (none = closed all day). */
export interface OpeningHours {
  weekly: { day: Weekday; opens: string; closes: string }[];
  exceptions: { date: string; ranges: { opens: string; closes: string }[] }[];
}
export type Ranges = readonly { opens: string; closes: string }[];

/** No weekly ranges and no exceptions: always open (external backends never send hours). */
export const hasHours = (hours: OpeningHours | null | undefined): hours is OpeningHours =>
  hours != null && (hours.weekly.length > 0 || hours.exceptions.length > 0);

const ALL_DAY: Ranges = [{ opens: "00:00", closes: "24:00" }];
const pad = (n: number) => String(n).padStart(2, "0");

/** The ranges starting on one local date: its exception's, else its weekday's (no weekly hours: all day).
 *  Also what the diner's Info sheet lists for each day of the week (app/lib/week-hours.ts). */
export function rangesOn(hours: OpeningHours, year: number, month: number, day: number): Ranges {
  const date = `${year}-${pad(month)}-${pad(day)}`;
  const exception = hours.exceptions.find((e) => e.date === date);
  if (exception) return exception.ranges;
  if (hours.weekly.length === 0) return ALL_DAY;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return hours.weekly.filter((r) => r.day === weekday);
}

/** How far ahead an opening is looked for. */
export const LOOK_AHEAD_DAYS = 7;

/**
 * The stretches the branch is open around `now` (from yesterday's openings to a week ahead), in
 * `timeZone`; null when it has no hours (always open). A range belongs to the day it opens:
 * yesterday's 18:00–02:00 is open at 01:00 today even when today is an exception. Back-to-back ranges
 * (18:00–24:00 then 00:00–02:00) are one stretch. What the diner's page gets (./open-stretches.ts).
 */
export function openStretches(hours: OpeningHours | null | undefined, zone: string | null | undefined, now: number): OpenStretches {
  if (!hasHours(hours)) return null;
  // migrations/0013's default, for an answer without a (known) zone.
  const timeZone = branchZone(zone);
  const today = localDay(now, timeZone);
  const intervals: [number, number][] = [];
  for (let offset = -1; offset <= LOOK_AHEAD_DAYS; offset++) {
    // Date.UTC normalises the day's overflow, so the calendar is walked without a library.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    for (const range of rangesOn(hours, y, m, d)) {
      const opens = minutesOf(range.opens);
      const closes = range.closes === "24:00" ? 1440 : minutesOf(range.closes);
      const start = localInstant(y, m, d, opens, timeZone);
      const end = localInstant(y, m, d, closes > opens ? closes : closes + 1440, timeZone);
      if (end > start) intervals.push([start, end]);
    }
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of intervals) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Open at `now` (unix ms) in `timeZone`, with the moment it closes; or closed, with the next opening
 * within 7 days (null: none). Hours that are absent are always open.
 */
export function openingState(hours: OpeningHours | null | undefined, zone: string | null | undefined, now: number): OpeningState {
  return stateAt(openStretches(hours, zone, now), now);
}
