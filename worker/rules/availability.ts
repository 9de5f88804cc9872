// When a branch takes new orders and a dish can be ordered, over the board's switches (docs/decisions/0021):
// one rule for the embedded API, its catalogue answers and the diner's screens. No imports: the
// client bundle takes it as it is.

/** A pause "until resumed": the largest JavaScript date, stored as it is (migrations/0013). */
export const UNTIL_RESUMED = 8_640_000_000_000_000;
/** The pauses the board offers, in minutes. */
export const PAUSE_MINUTES = [15, 30, 60] as const;

/** The branch's pause is on at `now` (unix ms); null or a past moment is no pause. */
export const isPaused = (pausedUntil: number | null | undefined, now: number) => pausedUntil != null && pausedUntil > now;

/** A pause that ends by itself (not "until resumed"). */
export const pauseEnds = (pausedUntil: number) => pausedUntil < UNTIL_RESUMED;

/** A dish is unavailable when switched off, or sold out until a moment still ahead. */
export const isSoldOut = (product: { unavailable: number | boolean; sold_out_until?: number | null }, now: number) =>
  product.unavailable === 1 || product.unavailable === true || (product.sold_out_until != null && product.sold_out_until > now);
