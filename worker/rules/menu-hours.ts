// When a menu is served (docs/decisions/0051): weekly windows in the branch's zone
// (Breakfast 07:00–11:30, across midnight allowed) and an optional date range (a Ramadan iftar menu),
// turned into instants like the branch's opening hours (./opening-hours.ts), so the API's refusal, the
// page's notice and its cache's lifetime ask the same stretches. Pure (Intl only): the diner's bundle
// takes it. Its valibot shape is in ./hours-schema.ts.
import { branchZone, localDay, localInstant } from "./local-time";
import { minutesOf, openStretches, type OpeningHours } from "./opening-hours";
import type { OpenStretches } from "./open-stretches";

/** A menu's windows; no windows and no dates (or null) = served whenever the branch is open. */
export interface MenuServed {
  weekly: OpeningHours["weekly"];
  /** First and last local date served (inclusive), "YYYY-MM-DD"; null = no bound. */
  from: string | null;
  until: string | null;
}

const hasServedHours = (served: MenuServed | null | undefined): served is MenuServed =>
  served != null && (served.weekly.length > 0 || served.from !== null || served.until !== null);

const DAY = 86_400_000;
const dateParts = (date: string) => date.split("-").map(Number) as [number, number, number];

/** The instants the menu is served around `now` (a day back to a week ahead); null when it has no windows. */
export function servedStretches(served: MenuServed | null | undefined, zone: string | null | undefined, now: number): OpenStretches {
  if (!hasServedHours(served)) return null;
  const timeZone = branchZone(zone);
  // Weekly windows are opening hours with no exceptions; none = all day (within the dates). Finite
  // bounds (JSON has no Infinity: the stretches go to the page), past the week openStretches looks at.
  const [far, ahead] = [now - 2 * DAY, now + 9 * DAY];
  const weekly = served.weekly.length ? openStretches({ weekly: served.weekly, exceptions: [] }, timeZone, now)! : [[far, ahead] as const];
  const start = served.from ? Math.max(far, localInstant(...dateParts(served.from), 0, timeZone)) : far;
  const end = served.until ? Math.min(ahead, localInstant(...dateParts(served.until), 1440, timeZone)) : ahead;
  return weekly.map(([a, b]) => [Math.max(a, start), Math.min(b, end)] as const).filter(([a, b]) => b > a);
}

/** When both are served (a category's windows inside its menu's): the overlap of two stretches (null: always). */
export function bothServed(a: OpenStretches, b: OpenStretches): OpenStretches {
  if (a === null || b === null) return a ?? b;
  return a.flatMap(([s, e]) => b.map(([t, f]) => [Math.max(s, t), Math.min(e, f)] as const)).filter(([s, e]) => e > s);
}

/** Today's windows in the branch's zone as "07:00–11:30" strings (what the notice says), in order. */
export function windowsOn(served: MenuServed, zone: string | null | undefined, now: number): string[] {
  const timeZone = branchZone(zone);
  const { weekday } = localDay(now, timeZone);
  return served.weekly
    .filter((w) => w.day === weekday)
    .sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))
    .map((w) => `${w.opens}–${w.closes === "24:00" ? "00:00" : w.closes}`);
}
