// Which browser files run beside each other and which in turn, in which of two lanes: read by
// vitest.config.ts and by the files that run the others in turn (./in-turn.ts; docs/decisions/0075).
/** Browser files that may run beside each other: they do not disturb one another (vitest.config.ts). */
export const SHARE_THE_SERVER = [
  // A server of their own.
  "ordering-faults",
  "upstream-faults",
  "real-providers",
  "visit-counts",
  // Restaurants of their own, signed up or seeded by the test.
  "brand-settings",
  "console-done",
  "gulf-cards",
  "gulf-invoices",
  "long-menu",
  "menu-csv",
  "menu-editor",
  "nutrition",
  "own-domain",
  "signup",
  "table-codes",
  "tenants",
  "zatca-invoices",
  // Readers of the demo restaurants (ordering and realtime place orders nobody in this group watches;
  // tenant-isolation's signed purges only make a page miss the cache once).
  "branch-chrome",
  "branch-list",
  "brand-colours",
  "browsing",
  "diner-extras",
  "first-contact",
  "first-paint",
  "js-weight",
  "link-preview",
  "marketing",
  "ordering",
  "otp-phone",
  "realtime",
  "tenant-isolation",
];

/**
 * The shared files that take longest (a fresh clone's run, longest first): they start before the others
 * (./longest-first.ts), so the run does not end waiting on one of them.
 */
export const LONGEST_FIRST = [
  "ordering",
  "marketing",
  "diner-extras",
  "ordering-faults",
  "upstream-faults",
  "browsing",
  "gulf-invoices",
  "brand-colours",
  "first-contact",
  "visit-counts",
  "gulf-cards",
  "branch-chrome",
];

// pictures, first-restaurant, whole-day and data-download sign up restaurants of their own and could share
// the server, but run in turn: the lanes ended ~150 s before the shared files did (a fresh clone's run), and
// a file in turn takes no slot from the shared ones.

/**
 * Files run in turn in the second lane (./one-at-a-time-2.test.ts, its own server) rather than the first
 * (./one-at-a-time.test.ts): about half of the time in turn (a run's report gives each file's time).
 */
const SECOND_LANE = [
  "board",
  "console-shell",
  "data-download",
  "diner-order-landing",
  "diner-ux",
  "kitchen-printer",
  "option-rules",
  "refund",
  "service-calls",
  "sms-budget",
  "webhooks",
  "whole-day",
];

/** The files that run the others in turn. */
const LANE_FILES = ["one-at-a-time", "one-at-a-time-2"];

export type Lane = "first" | "second";

/** Of the browser files named, those run in turn, by lane (every file not shared and not second: first). */
export function inTurn(names: string[]): Record<Lane, string[]> {
  const alone = names.filter((name) => !LANE_FILES.includes(name) && !SHARE_THE_SERVER.includes(name)).sort();
  return { first: alone.filter((name) => !SECOND_LANE.includes(name)), second: alone.filter((name) => SECOND_LANE.includes(name)) };
}
