// A branch's local calendar in its IANA time zone (branches.time_zone), for "sold out for today":
// the dish is back at the next local midnight, daylight saving included.
import * as v from "valibot";

/** An IANA zone this runtime knows ("Asia/Dubai"); anything else fails. */
export const TimeZone = v.pipe(
  v.string(),
  v.maxLength(64),
  v.check((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "unknown time zone"),
);

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The first instant of the next local day after `now` in `timeZone` (unix ms). */
export function nextLocalMidnight(now: number, timeZone: string): number {
  const local = new Date(now + offsetMinutes(now, timeZone) * 60_000);
  const midnightAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1);
  // The offset at midnight may differ from now's (a daylight-saving change today): settle it twice.
  let guess = midnightAsUtc - offsetMinutes(midnightAsUtc, timeZone) * 60_000;
  guess = midnightAsUtc - offsetMinutes(guess, timeZone) * 60_000;
  return guess;
}

/** The first instant of the local day that `now` is in (a day before it, the next midnight is this one). */
export const startOfLocalDay = (now: number, timeZone: string) => nextLocalMidnight(now - 86_400_000, timeZone);

/** An instant as D1's CURRENT_TIMESTAMP text (UTC, "YYYY-MM-DD HH:MM:SS"), to compare with created_at. */
export const sqlTime = (instant: number) => new Date(instant).toISOString().slice(0, 19).replace("T", " ");
