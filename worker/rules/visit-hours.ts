// The hourly visit buckets' clock and retention (migration 0014): the tally files each count under the
// unix hour it was counted in, the insights screen reads them back, and the restaurant's alarm drops old ones (worker/restaurant/switch-clock.ts).

export const HOUR_MS = 3_600_000;
/** The unix hour (hours since 1970, UTC) of a moment in milliseconds. */
export const unixHour = (ms: number) => Math.floor(ms / HOUR_MS);

/** Buckets are kept ~400 days: a year back and a month to compare with. */
export const KEEP_HOURS = 400 * 24;
