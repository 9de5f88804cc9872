// When a dropped socket comes back (docs/decisions/0084). A deploy drops every socket of a hub at once;
// pusher-js alone would bring them all back a second later, and every board would then read its data
// in the same second. Spread over RECONNECT_WINDOW_MS, 200 boards come back about 20 a second.
// No imports: the browser takes it as it is.

/** The window a dropped board's socket comes back in (uniformly). */
export const RECONNECT_WINDOW_MS = 10_000;

/** The wait before reconnecting, for a draw `random` in [0, 1) (Math.random()). */
export const reconnectDelay = (random: number): number => Math.floor(Math.min(Math.max(random, 0), 1 - Number.EPSILON) * RECONNECT_WINDOW_MS);
