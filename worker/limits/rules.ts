// The limits that cross restaurants, as constants both the claim (./claim.ts) and the objects that keep
// the events (./ledger.ts) read: per phone and per client network. A network's rule may count only the
// restaurant the claim is for (a crowded restaurant's Wi-Fi is one address), only the codes nobody has
// verified yet, or the restaurants it spreads over (docs/decisions/0078).

export type LimitKind = "otp" | "payment" | "order" | "console" | "signup" | "service";
/** Which object a rule is counted in: the phone's (E.164) or the client network's (worker/rules/network-key.ts). */
export type Side = "phone" | "network";

export interface Rule {
  by: Side;
  windowS: number;
  max: number;
  /** Reaching this window's limit locks the phone out (LOCKOUT). */
  locks?: true;
  /** "restaurant": only this network's events at the claim's restaurant count (a network's object only). */
  per?: "restaurant";
  /** Only events not yet verified count (a code whose diner entered it is settled: ./claim.ts settle). */
  unverified?: true;
  /** `max` bounds the restaurants the window's events are spread over, not the events: a claim at a
   * restaurant already among them passes this rule. */
  distinct?: "restaurants";
}

export const LIMITS: Record<LimitKind, readonly Rule[]> = {
  // A code a minute and 5 an hour per phone. One network (a restaurant's Wi-Fi at iftar, a carrier's
  // shared address) gets 120 an hour at each restaurant, 40 of them left unverified; its codes nobody
  // verified may be spread over 5 restaurants an hour: a pump over many restaurants is held there,
  // while diners, who enter their codes, are not counted in that spread.
  otp: [
    { by: "phone", windowS: 60, max: 1 },
    { by: "phone", windowS: 3600, max: 5 },
    { by: "network", windowS: 3600, max: 120, per: "restaurant" },
    { by: "network", windowS: 3600, max: 40, per: "restaurant", unverified: true },
    { by: "network", windowS: 3600, max: 5, unverified: true, distinct: "restaurants" },
  ],
  // Online orders are placed before anyone is verified: a few tries per phone; per network, a full
  // restaurant's worth at each restaurant and a bound over all of them, so a loop cannot fill order lists.
  payment: [
    { by: "phone", windowS: 600, max: 5 },
    { by: "network", windowS: 600, max: 100, per: "restaurant" },
    { by: "network", windowS: 600, max: 200 },
  ],
  // Console sign-in and sign-up codes: the diners' rules, counted apart (worker/console/codes.ts),
  // and a daily cap per phone whose reach locks the phone out for a time that doubles (LOCKOUT).
  console: [
    { by: "phone", windowS: 60, max: 1 },
    { by: "phone", windowS: 3600, max: 5 },
    { by: "phone", windowS: 86_400, max: 8, locks: true },
    { by: "network", windowS: 3600, max: 20 },
  ],
  // Verified orders (a token per phone, earned with a code): per phone only, generous but not
  // unbounded; the code the phone verified was the network's to limit.
  order: [{ by: "phone", windowS: 600, max: 10 }],
  // Sign-ups (worker/console/signup-limits.ts): a person signs up a few restaurants an hour, one
  // network a few more (a shared office, a café).
  signup: [
    { by: "phone", windowS: 3600, max: 5 },
    { by: "phone", windowS: 86_400, max: 10 },
    { by: "network", windowS: 3600, max: 10 },
  ],
  // A diner's call from a table (worker/restaurant/service-calls.ts): no phone, so per network only,
  // counted at each restaurant (its Wi-Fi serves every table) and over all; each table's own bound is
  // kept by the call's INSERT.
  service: [
    { by: "network", windowS: 600, max: 100, per: "restaurant" },
    { by: "network", windowS: 600, max: 200 },
  ],
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
