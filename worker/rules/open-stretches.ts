// When a branch is open, as instants: the server turns its opening hours into stretches ([opens,
// closes) in unix ms, in its zone: opening-hours.ts) for the days around now, and "open at now, and
// until when / from when" is asked of them here, with no calendar or zone rules, so the diner's page
// answers it with its own clock and no more code than this.

/** Open from the first instant to the second; sorted, back-to-back ranges merged. null: no hours (always open). */
export type OpenStretches = readonly (readonly [number, number])[] | null;

export type OpeningState = { open: true; closesAt: number | null } | { open: false; opensAt: number | null };

/** How far ahead an opening or a closing is looked for. */
const LOOK_AHEAD_MS = 7 * 86_400_000;

/** Open at `now`, with the moment it closes; or closed, with the next opening within 7 days (null: none). */
export function stateAt(stretches: OpenStretches, now: number): OpeningState {
  if (stretches === null) return { open: true, closesAt: null };
  const current = stretches.find(([start, end]) => start <= now && now < end);
  if (current) return { open: true, closesAt: current[1] - now > LOOK_AHEAD_MS ? null : current[1] };
  const next = stretches.find(([start]) => start > now && start - now <= LOOK_AHEAD_MS);
  return { open: false, opensAt: next ? next[0] : null };
}
