// When a menu (or a category) is served, as the menu editor's form sets it (docs/decisions/0051):
// "whenever the branch is open", or one window on the chosen days and an optional first and last date.
// Parsed here (a code per field for the console's messages) and stored on the menu in the restaurant's
// object (worker/restaurant/menu-rows.ts); the rule that reads it is worker/rules/menu-hours.ts.
import * as v from "valibot";
import { restaurantCall } from "../restaurant/stub";
import { HHMM, WEEKDAYS } from "../rules/opening-hours";
import type { MenuServed } from "../rules/menu-hours";
import { purged, type MenuTenant } from "./menu-editor";

const Time = v.pipe(v.string("time"), v.regex(HHMM, "time"));
const OptionalDate = v.pipe(
  v.optional(v.string(), ""),
  v.transform((d) => d.trim()),
  v.union([v.literal(""), v.pipe(v.string(), v.isoDate("date"))], "date"),
  v.transform((d) => (d === "" ? null : d)),
);
const Day = v.pipe(v.string("days"), v.regex(/^[0-6]$/, "days"), v.transform(Number));

/** The form's fields (`day` repeated, one per ticked day); the times only count in "times" mode. */
const ServedForm = v.variant("served", [
  v.object({ served: v.literal("always") }),
  v.pipe(
    v.object({
      served: v.literal("times"),
      day: v.pipe(v.array(Day), v.minLength(1, "days"), v.maxLength(7, "days")),
      opens: Time,
      // A closing at or before the opening runs past midnight (22:00–02:00); 00:00 closes at midnight.
      closes: Time,
      from: OptionalDate,
      until: OptionalDate,
    }),
    v.forward(
      v.check((s) => s.opens !== s.closes, "sameTimes"),
      ["closes"],
    ),
    v.forward(
      v.check((s) => s.from === null || s.until === null || s.from <= s.until, "dates"),
      ["until"],
    ),
  ),
]);

/** The form as stored (null: whenever the branch is open), or its problems. */
export function parseServed(
  fields: Record<string, string>,
  days: string[],
): { ok: true; served: MenuServed | null } | { ok: false; issues: readonly v.BaseIssue<unknown>[] } {
  const parsed = v.safeParse(ServedForm, { ...fields, day: days });
  if (!parsed.success) return { ok: false, issues: parsed.issues };
  if (parsed.output.served === "always") return { ok: true, served: null };
  const { day, opens, closes, from, until } = parsed.output;
  const weekly = WEEKDAYS.filter((d) => day.includes(d)).map((d) => ({ day: d, opens, closes: closes === "00:00" ? "24:00" : closes }));
  return { ok: true, served: { weekly, from, until } };
}

/** Stores a menu's or a category's windows (null: none) and purges; false when the row is not the restaurant's. */
export async function setServed(env: Env, tenant: MenuTenant, level: "menu" | "category", id: number, served: MenuServed | null): Promise<boolean> {
  const { ok } = await purged(env, tenant, { ok: await restaurantCall(env, tenant, "setMenuServed", level, id, served) });
  return ok;
}
