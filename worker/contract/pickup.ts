// A pickup order's time as the order calls take it (the embedded API's addition, docs/decisions/0055): only where
// the branch takes pickup orders (409 pickup_off), "asap" read as now plus its preparation time, a
// chosen time checked against its hours in its zone (422 naming the problem: closed, past, tooSoon, tooFar).
import type { Context } from "hono";
import { conflict, invalid } from "./respond";
import type { BranchRow } from "../restaurant/catalogue-rows";
import { readHours } from "../rules/hours-schema";
import { asapPickup, pickupProblem } from "../rules/pickup";

/** The order's pickup time (null: not a pickup order), or the answer that refuses it. */
export function pickupTime(
  c: Context,
  branch: BranchRow,
  asked: number | "asap" | undefined,
  now = Date.now(),
): { ok: true; at: number | null } | { ok: false; response: Response } {
  if (asked === undefined) return { ok: true, at: null };
  if (!branch.pickup) return { ok: false, response: conflict(c, "pickup_off") };
  const at = asked === "asap" ? asapPickup(now, branch.prep_minutes) : asked;
  const problem = pickupProblem(at, readHours(branch.opening_hours), branch.time_zone, now, branch.prep_minutes);
  return problem ? { ok: false, response: invalid(c, { pickup_at: [problem] }) } : { ok: true, at };
}
