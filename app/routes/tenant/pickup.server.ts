// The cart's pickup choices (docs/decisions/0055): where a branch takes pickup orders and the diner is not at a
// table, "as soon as possible" (about its preparation time) and each quarter hour it is open over the
// next day (worker/rules/pickup.ts), said in the page's language on the branch's clock. Worked out here,
// so the cart's script carries no calendar rule; the API checks the chosen time again.
import type { Language } from "~/locales";
import type { MenuData } from "../../../worker/upstream/schemas";
import { pickupSlots } from "../../../worker/rules/pickup";
import { dateFormat } from "../../../worker/rules/date-locale";
import { branchZone, localDay } from "../../../worker/rules/local-time";

export interface PickupChoices {
  prepMinutes: number;
  /** `value`: unix ms as text (the form's field); `label`: "12:30", or "Fri 09:00" on another day. */
  slots: { value: string; label: string }[];
}

/** The choices, or null: at a table, or the branch takes no pickup orders. `page`: its language, the restaurant's country. */
export function pickupChoices(
  branch: MenuData["branch"],
  table: string | null,
  page: { lang: Language; country: string | null },
  now = Date.now(),
): PickupChoices | null {
  if (table !== null || !branch.pickup) return null;
  const clock = { ...page, zone: branch.time_zone };
  const zone = branchZone(branch.time_zone);
  const day = (at: number) => JSON.stringify(localDay(at, zone));
  const time = dateFormat(clock, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const other = dateFormat(clock, { weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const today = day(now);
  const slots = pickupSlots(branch.opening_hours, branch.time_zone, now, branch.prep_minutes).map((at) => ({
    value: String(at),
    label: day(at) === today ? time.format(at) : other.format(at),
  }));
  return { prepMinutes: branch.prep_minutes, slots };
}
