// The valibot shapes of a branch's opening hours (migrations/0015), for the API, the upstream
// answers and the console's editor (and of a branch's time zone); the rule itself (opening-hours.ts)
// needs none of them, so the diner's bundle carries no valibot for it.
import * as v from "valibot";
import { isTimeZone } from "./local-time";
import { HHMM, WEEKDAYS, type OpeningHours as Hours } from "./opening-hours";

/** An IANA zone this runtime knows ("Asia/Riyadh"); anything else fails. */
export const TimeZone = v.pipe(
  v.string(),
  v.maxLength(64),
  v.check((zone: string) => isTimeZone(zone), "unknown time zone"),
);

const Opens = v.pipe(v.string(), v.regex(HHMM, "a time as HH:MM, from 00:00 to 23:59"));
/** "24:00" is the end of the day; a closing at or before the opening runs past midnight. */
const Closes = v.pipe(
  v.string(),
  v.check((t) => HHMM.test(t) || t === "24:00", "a time as HH:MM, from 00:01 to 24:00"),
);
const differ = <T extends { opens: string; closes: string }>() =>
  v.check((r: T) => r.opens !== r.closes, "opens and closes must differ (00:00–24:00 is all day)");
export const Range = v.pipe(v.object({ opens: Opens, closes: Closes }), differ());
const WeeklyRange = v.pipe(v.object({ day: v.picklist(WEEKDAYS), opens: Opens, closes: Closes }), differ());
export const IsoDate = v.pipe(v.string(), v.isoDate("a date as YYYY-MM-DD"));
const Exception = v.object({ date: IsoDate, ranges: v.pipe(v.array(Range), v.maxLength(6)) });
/** Several ranges a day; an exception's date replaces that day's weekly ranges (none = closed all day). */
export const OpeningHours = v.object({
  weekly: v.pipe(v.array(WeeklyRange), v.maxLength(42)),
  exceptions: v.pipe(v.array(Exception), v.maxLength(60)),
});

/** A stored JSON document (or an answer's field, already parsed) read with `schema`; anything unreadable is null. */
function readStored<T extends v.GenericSchema>(schema: T, stored: unknown): v.InferOutput<T> | null {
  let value = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      return null;
    }
  }
  const parsed = v.safeParse(schema, value);
  return parsed.success ? parsed.output : null;
}

/** The stored JSON (branches.opening_hours) or an answer's field; anything unreadable is "no hours". */
export const readHours = (stored: unknown): Hours | null => readStored(OpeningHours, stored);

/** A menu's windows (worker/rules/menu-hours.ts): weekly ranges and an optional first and last date. */
export const MenuServed = v.pipe(
  v.object({
    weekly: v.pipe(v.array(WeeklyRange), v.maxLength(42)),
    from: v.nullable(IsoDate),
    until: v.nullable(IsoDate),
  }),
  v.check((s) => s.from === null || s.until === null || s.from <= s.until, "the first date must not be after the last"),
);

/** The stored JSON (menus.served) or an answer's field; anything unreadable is "no windows" (served whenever open). */
export const readServed = (stored: unknown) => readStored(MenuServed, stored);
