import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { TEST_SECRETS } from "./tests/workers/secrets.ts";

/** Browser files that may run beside each other: they do not disturb one another (see the projects below). */
const SHARE_THE_SERVER = [
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

function e2e(name: string, files: { include?: string[]; exclude?: string[]; groupOrder: number; maxWorkers: number }) {
  return {
    test: {
      name,
      environment: "node",
      sequence: { groupOrder: files.groupOrder },
      maxWorkers: files.maxWorkers,
      include: files.include ?? ["tests/e2e/**/*.test.ts"],
      exclude: files.exclude ?? [],
      globalSetup: ["./tests/e2e/global-setup.ts"],
      testTimeout: 60_000,
      // A file with a server of its own starts it in its beforeAll, beside two other files.
      hookTimeout: 240_000,
      // A poll waits on a server that shares the machine with two other files: 10 s, not vitest's 1 s.
      expect: { poll: { timeout: 10_000 } },
      // No retry: a browser test passes the first time, at any hour (decision 0034).
    },
  };
}

export default defineConfig({
  test: {
    // Both cores for the unit and workers files (vitest's default on 2 cores is one file at a time); the
    // browser files come after them, one at a time, alone on the machine (docs/decisions/0063).
    maxWorkers: 2,
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "unit",
          // The same as the workers' (vitest runs projects of one group with one maxWorkers).
          maxWorkers: 3,
          environment: "happy-dom",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
        },
      },
      {
        resolve: { tsconfigPaths: true },
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // A real D1 with no tables, for the "database fails" tests: every query errors.
              // MIGRATION_DB: an empty D1 that one test migrates step by step (tests/workers/allergens-declared).
              d1Databases: { BROKEN_DB: "broken-db", MIGRATION_DB: "migration-db" },
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                // Secrets as a deploy has them, and a deploy's ENVIRONMENT: named here because the
                // plugin also reads .dev.vars, which `npm run dev` and the browser tests' setup write
                // with ENVIRONMENT=development (the page cache off).
                ...TEST_SECRETS,
                ENVIRONMENT: "production",
                DEMO_PROVIDERS: "on",
              },
            },
          })),
          reactRouter(),
        ],
        test: {
          name: "workers",
          // Three files at a time on two cores: each file's start (a workerd, the migrations and the demo
          // seed) waits more than it computes, so a third file fills the gaps (the project 395 → 329 s here).
          maxWorkers: 3,
          include: ["tests/workers/**/*.test.ts"],
          setupFiles: ["./tests/workers/apply-migrations.ts"],
          // The providers' stand-ins (Twilio, Stripe) on loopback: tests/stand-ins.
          globalSetup: ["./tests/workers/global-setup.ts"],
          // Two files share the two cores with the stand-ins: a test's first requests wait on the other
          // file's compile, so 5 s (vitest's default) timed out once on CI (decision 0063).
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      // The browser files in two groups against one server (tests/e2e/global-setup.ts): first, three at a
      // time, those that write only to restaurants they sign up themselves or to a server of their own,
      // or only read the demo restaurants; then, one at a time, every other file (a file that changes or
      // watches the demo restaurants' menus, hours, switches, orders, board, printers or webhooks sees
      // only its own doings). A new file runs alone until it is listed here (docs/decisions/0063).
      e2e("e2e", { include: SHARE_THE_SERVER.map((f) => `tests/e2e/${f}.test.ts`), groupOrder: 1, maxWorkers: 3 }),
      e2e("e2e-alone", { exclude: SHARE_THE_SERVER.map((f) => `tests/e2e/${f}.test.ts`), groupOrder: 2, maxWorkers: 1 }),
    ],
  },
});
