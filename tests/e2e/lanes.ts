// Which browser files run beside each other and which one at a time, read by vitest.config.ts and by
// the one-at-a-time file that runs the others in turn (docs/decisions/0075).
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
  "data-download",
  "first-restaurant",
  "gulf-cards",
  "gulf-invoices",
  "long-menu",
  "menu-csv",
  "menu-editor",
  "nutrition",
  "own-domain",
  "pictures",
  "signup",
  "table-codes",
  "tenants",
  "whole-day",
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
  "marketing",
  "ordering",
  "otp-phone",
  "realtime",
  "tenant-isolation",
];

/** The file that runs every other browser file, one after another, on a server of their own. */
export const ONE_AT_A_TIME = "one-at-a-time";
