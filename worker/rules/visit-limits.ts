// The visit tally's numbers (worker/edge/visit-tally.ts), in a module of their own so the browser tests and the
// bench, which run outside workerd, read the same values.

/** The spec's visit window (section 9): a diner's view of an item counts once per hour. */
export const VISIT_WINDOW_MS = 3_600_000;
/** Counted visits per client network, per item, per hour (a busy restaurant's Wi-Fi is one address). */
export const PER_CLIENT_HOURLY = 20;
/** Popular lists may lag a minute; a quiet restaurant then costs D1 at most a batch a minute. */
export const FLUSH_MS = 60_000;
/** The visit tally saves its sums to storage within this long of a count. */
export const SAVE_MS = 250;
/** A view that opens a batch of its restaurant's views waits this long for others before the tally call (worker/edge/visits.ts). */
export const BATCH_MS = 100;
