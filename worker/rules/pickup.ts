// When a pickup order can be collected (docs/decisions/0055): "as soon as possible" is now plus the
// branch's preparation time; a chosen time is a quarter hour inside the branch's opening hours (its
// zone: the stretches of ./opening-hours.ts), never in the past, never sooner than the preparation
// allows, at most a day ahead. The cart offers the slots this lists; the API checks a time the same way.
import { openStretches, type OpeningHours } from "./opening-hours";
import type { OpenStretches } from "./open-stretches";

const MINUTE = 60_000;
const SLOT_MS = 15 * MINUTE;
/** How far ahead a pickup can be asked for. */
const HORIZON_MS = 24 * 60 * MINUTE;
/** A slot chosen on a page left open a little while still counts (the kitchen has this much less time). */
const GRACE_MS = 5 * MINUTE;

export type PickupProblem = "closed" | "past" | "tooSoon" | "tooFar";

/** "As soon as possible": now plus the preparation time, to the next whole minute. */
export const asapPickup = (now: number, prepMinutes: number) => Math.ceil((now + prepMinutes * MINUTE) / MINUTE) * MINUTE;

/** Open at `at` by these stretches (null: no hours, always open). */
const inside = (stretches: OpenStretches, at: number) => stretches === null || stretches.some(([start, end]) => start <= at && at < end);

/** Why `at` cannot be a pickup time (null: it can). */
export function pickupProblem(at: number, hours: OpeningHours | null, zone: string | null, now: number, prepMinutes: number): PickupProblem | null {
  if (at < now) return "past";
  if (at < asapPickup(now, prepMinutes) - GRACE_MS) return "tooSoon";
  if (at > now + HORIZON_MS) return "tooFar";
  return inside(openStretches(hours, zone, now), at) ? null : "closed";
}

/** The quarter hours a diner may choose, from the first one the kitchen can make, within the opening hours of the next day. */
export function pickupSlots(hours: OpeningHours | null, zone: string | null, now: number, prepMinutes: number): number[] {
  const stretches = openStretches(hours, zone, now);
  const first = Math.ceil(asapPickup(now, prepMinutes) / SLOT_MS) * SLOT_MS;
  const slots: number[] = [];
  for (let at = first; at <= now + HORIZON_MS; at += SLOT_MS) if (inside(stretches, at)) slots.push(at);
  return slots;
}
