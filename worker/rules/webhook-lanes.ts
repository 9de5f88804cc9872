// Which queue carries a webhook delivery, and how many of one endpoint's deliveries may be in flight at once
// (docs/decisions/0087): a failing endpoint's go to the slow queue one at a time, so the main queue's consumers
// only ever wait on receivers that answered their last delivery.

/** The slow queue (failing endpoints), as wrangler.toml names it; the main one is "menu-webhooks". */
const SLOW_QUEUE = "menu-webhooks-slow";

export type Lane = "main" | "slow";

/** An endpoint is failing from its first failed attempt (no 2xx, or no answer in time) until its next 2xx. */
export const laneOf = (failingSince: number | null): Lane => (failingSince === null ? "main" : "slow");

/** The lane a batch came from, by its queue's name. */
export const laneOfQueue = (queue: string): Lane => (queue === SLOW_QUEUE ? "slow" : "main");

/** Deliveries to one endpoint in flight at once: a healthy POS takes a few together, a failing one is probed singly. */
export const IN_FLIGHT = { main: 4, slow: 1 } as const;

/** A delivery refused for its endpoint's in-flight bound is offered again this much later. */
export const BUSY_RETRY_MS = 5_000;
