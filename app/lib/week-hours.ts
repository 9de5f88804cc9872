// The diner's Info sheet in words: this week's hours day by day and "Open now · closes 23:00" /
// "Closed · opens 07:00", in the branch's zone. Pure (the clock is a parameter), and only words:
// what is open when is the one rule in worker/rules/opening-hours.ts. A day with an exception is named
// by its date ("Wed 2 Dec: Closed"), not as if every such weekday were.
import type { Language } from "~/locales";
import type { Translate } from "./i18n";
import { branchZone, localDay } from "../../worker/rules/local-time";
import { dateFormat } from "../../worker/rules/date-locale";
import { hasHours, LOOK_AHEAD_DAYS, minutesOf, openingState, rangesOn, type OpeningHours } from "../../worker/rules/opening-hours";

interface DayHours {
  /** The weekday's name in the diner's language ("Wednesday"), or a day with an exception's date ("Wed 2 Dec"). */
  day: string;
  today: boolean;
  /** Each range as "07:00–23:00", with "(next day)" where it closes after midnight; none: `closed`. */
  ranges: { times: string; nextDay: string | null }[];
  /** "Closed" or "Open 24 hours" when the day is that alone, else null. */
  whole: string | null;
}

export interface WeekHours {
  /** "Open now · closes 23:00", "Closed · opens 07:00" (a day's name when the change is a day or more away). */
  status: string;
  open: boolean;
  /** Seven days from today (exceptions included). */
  days: DayHours[];
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** The week's hours and the state now, or null for a branch without hours (always open: nothing to show). */
/** `t` is the page's (its strings came with the page: app/lib/strings.server.ts); `country` the restaurant's (`ar-SA`). */
export function weekHours(
  hours: OpeningHours | null | undefined,
  zone: string | null | undefined,
  now: number,
  lang: Language,
  t: Translate,
  country: string | null = null,
): WeekHours | null {
  if (!hasHours(hours)) return null;
  // The rule's own fallback for an answer without a (known) zone.
  const timeZone = branchZone(zone);
  const clock = dateFormat({ lang, country, zone: timeZone }, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, "latin");
  const weekday = (at: number, zoneOf = timeZone) => dateFormat({ lang, country, zone: zoneOf }, { weekday: "long" }).format(at);
  // A calendar date (UTC midnight of it) with its weekday: "Wed 2 Dec".
  const dated = dateFormat({ lang, country, zone: "UTC" }, { weekday: "short", day: "numeric", month: "short" });
  // Within a day the time says it ("closes 02:00" at 20:00); further away the day is named too.
  const when = (at: number, near: "closesAt" | "opensAt", far: "closesOn" | "opensOn") =>
    at - now < DAY_MS ? t(`hours.${near}`, { time: clock.format(at) }) : t(`hours.${far}`, { day: weekday(at), time: clock.format(at) });

  const state = openingState(hours, timeZone, now);
  const status = state.open
    ? state.closesAt === null
      ? t("hours.openNow")
      : `${t("hours.openNow")} · ${when(state.closesAt, "closesAt", "closesOn")}`
    : state.opensAt === null
      ? t("hours.closedNow")
      : `${t("hours.closedNow")} · ${when(state.opensAt, "opensAt", "opensOn")}`;

  const today = localDay(now, timeZone);
  const days = Array.from({ length: LOOK_AHEAD_DAYS }, (_, offset): DayHours => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const ranges = [...rangesOn(hours, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())].sort(
      (a, b) => minutesOf(a.opens) - minutesOf(b.opens),
    );
    const allDay = ranges.length === 1 && ranges[0]!.opens === "00:00" && ranges[0]!.closes === "24:00";
    const iso = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    return {
      day: hours.exceptions.some((e) => e.date === iso) ? dated.format(date) : weekday(date.getTime(), "UTC"),
      today: offset === 0,
      ranges: allDay
        ? []
        : ranges.map((r) => ({
            times: `${r.opens}–${r.closes}`,
            nextDay: r.closes !== "24:00" && minutesOf(r.closes) <= minutesOf(r.opens) ? t("hours.nextDay") : null,
          })),
      whole: ranges.length === 0 ? t("hours.closedAllDay") : allDay ? t("hours.allDay") : null,
    };
  });
  return { status, open: state.open, days };
}
