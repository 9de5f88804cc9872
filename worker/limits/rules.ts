// The limits that cross restaurants, as constants both the claim (./claim.ts) and the objects that keep
// the events (./ledger.ts) read: per phone and per client network, never per restaurant.

export type LimitKind = "otp" | "payment" | "order" | "console" | "signup" | "service";
/** Which object a rule is counted in: the phone's (E.164) or the client network's (worker/rules/network-key.ts). */
export type Side = "phone" | "network";

export interface Rule {
  by: Side;
  windowS: number;
  max: number;
  /** Reaching this window's limit locks the phone out (LOCKOUT). */
  locks?: true;
}

export const LIMITS: Record<LimitKind, readonly Rule[]> = {
  // Spec/DESIGN: a code a minute and 5 an hour per phone, 20 an hour per address.
  otp: [
    { by: "phone", windowS: 60, max: 1 },
    { by: "phone", windowS: 3600, max: 5 },
    { by: "network", windowS: 3600, max: 20 },
  ],
  // Online orders are placed before anyone is verified: a few tries per phone, more per address (a
  // restaurant's shared Wi-Fi), so a loop cannot fill a restaurant's order list.
  payment: [
    { by: "phone", windowS: 600, max: 5 },
    { by: "network", windowS: 600, max: 30 },
  ],
  // Console sign-in and sign-up codes: the diners' rules, counted apart (worker/console/codes.ts),
  // and a daily cap per phone whose reach locks the phone out for a time that doubles (LOCKOUT).
  console: [
    { by: "phone", windowS: 60, max: 1 },
    { by: "phone", windowS: 3600, max: 5 },
    { by: "phone", windowS: 86_400, max: 8, locks: true },
    { by: "network", windowS: 3600, max: 20 },
  ],
  // Verified orders (a token per phone): generous, but not unbounded.
  order: [
    { by: "phone", windowS: 600, max: 10 },
    { by: "network", windowS: 600, max: 60 },
  ],
  // Sign-ups (worker/console/signup-limits.ts): a person signs up a few restaurants an hour, one
  // network a few more (a shared office, a café).
  signup: [
    { by: "phone", windowS: 3600, max: 5 },
    { by: "phone", windowS: 86_400, max: 10 },
    { by: "network", windowS: 3600, max: 10 },
  ],
  // A diner's call from a table (worker/restaurant/service-calls.ts): no phone, so per network only
  // (a restaurant's Wi-Fi serves every table); each table's own bound is kept by the call's INSERT.
  service: [{ by: "network", windowS: 600, max: 30 }],
};

/** Events are kept longer than the longest window, then pruned. */
export const PRUNE_AFTER_MS = 2 * 86_400_000;

/**
 * Console codes: a phone that reaches its daily cap is locked out for a day, and again for twice as
 * long each time it reaches the cap within a week of its last lockout ending (at most 32 days).
 */
export const LOCKOUT = { baseMs: 86_400_000, maxLevel: 6, memoryMs: 7 * 86_400_000 } as const;

/** One side's rules for a kind. */
export const rulesOf = (kind: LimitKind, side: Side) => LIMITS[kind].filter((r) => r.by === side);
/** The kind's limits lock a phone out. */
export const locksOut = (kind: LimitKind, side: Side) => rulesOf(kind, side).some((r) => r.locks);
