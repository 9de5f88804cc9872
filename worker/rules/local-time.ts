// A branch's local calendar in its IANA time zone (branches.time_zone), for "sold out for today":
// the dish is back at the next local midnight, daylight saving included.

/** A branch's zone when none is stored (the branches table's own default, schema-catalogue.ts); a new branch gets its country's (./zones.ts). */
export const DEFAULT_TIME_ZONE = "Asia/Dubai";

/** An IANA zone this runtime knows ("Asia/Riyadh"); its schema is TimeZone in hours-schema.ts. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone a branch's times are computed and shown in: its own when this runtime knows it, else the default. */
export const branchZone = (zone: unknown): string => (isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);

// One formatter per zone: every branch page's render asks for a week of openings (opening-hours.ts).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    if (formatters.size >= 500) formatters.clear();
    formatters.set(timeZone, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * `ms` as the zone's wall clock with its UTC offset, ISO 8601 ("2026-11-28T20:17:00+03:00", daylight saving
 * included): the accountant's CSV (docs/decisions/0060), read back anywhere without guessing the zone.
 */
export function isoWithOffset(ms: number, timeZone: string): string {
  const offset = offsetMinutes(ms, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  return `${wall}${offset < 0 ? "-" : "+"}${hours}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
}

/** `now`'s local calendar day in `timeZone`: year, month (1–12), day, weekday (Sunday = 0). */
export function localDay(now: number, timeZone: string) {
  const local = new Date(now + offsetMinutes(now, timeZone) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), weekday: local.getUTCDay() };
}

/** `now`'s local day and hour (0–23) in `timeZone`, for hourly counts (the console's insights; not in the diner's bundle). */
export function localHour(now: number, timeZone: string) {
  const local = new Date(now + offsetMinutes(now, timeZone) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour: local.getUTCHours() };
}

/** The instant of local wall time `minute` (may pass 1440) on a local date in `timeZone` (unix ms). */
export function localInstant(year: number, month: number, day: number, minute: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, 0, minute);
  // The offset at that time may differ from a first guess's (a daylight-saving change): settle it twice.
  const guess = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  return asUtc - offsetMinutes(guess, timeZone) * 60_000;
}

/** The first instant of the next local day after `now` in `timeZone` (unix ms). */
export function nextLocalMidnight(now: number, timeZone: string): number {
  const { year, month, day } = localDay(now, timeZone);
  return localInstant(year, month, day + 1, 0, timeZone);
}

/** The first instant of the local day that `now` is in (a day before it, the next midnight is this one). */
export const startOfLocalDay = (now: number, timeZone: string) => nextLocalMidnight(now - 86_400_000, timeZone);

/** An instant as D1's CURRENT_TIMESTAMP text (UTC, "YYYY-MM-DD HH:MM:SS"), to compare with created_at. */
export const sqlTime = (instant: number) => new Date(instant).toISOString().slice(0, 19).replace("T", " ");

/** The other way: a stored CURRENT_TIMESTAMP text ("2026-11-24 08:15:00", UTC) as milliseconds. */
export const storedTime = (text: string) => Date.parse(`${text.replace(" ", "T")}Z`);
