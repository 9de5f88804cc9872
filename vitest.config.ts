import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { TEST_SECRETS } from "./tests/workers/secrets.ts";
import { SHARE_THE_SERVER } from "./tests/e2e/lanes.ts";
import LongestFirst from "./tests/e2e/longest-first.ts";

function e2e(name: string, files: { include: string[]; groupOrder: number; maxWorkers: number }) {
  return {
    test: {
      name,
      environment: "node",
      sequence: { groupOrder: files.groupOrder },
      maxWorkers: files.maxWorkers,
      include: files.include,
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
    // Each project sets its own (vitest's default on 2 cores is one file at a time); the browser files
    // come after the unit and workers files (docs/decisions/0063).
    maxWorkers: 2,
    // vitest's order, with the longest shared browser files first (tests/e2e/longest-first.ts).
    sequence: { sequencer: LongestFirst },
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
      // The browser files, five at a time, on three servers of `npm start`'s build (tests/e2e/global-setup.ts):
      // `e2e-shared`, the files listed in SHARE_THE_SERVER (tests/e2e/lanes.ts: they write only to
      // restaurants they sign up themselves or to a server of their own, or only read the demo
      // restaurants), beside two lanes, `e2e-alone` and `e2e-alone-2`, each one file that runs its share of
      // every other browser file in turn on a server of its own (a file that changes or watches the demo
      // restaurants' menus, hours, switches, orders, board, printers or webhooks sees only its own doings).
      // vitest starts a group's projects in the order of their names: the long lanes first. A new file
      // runs in turn in the first lane until someone lists it (docs/decisions/0063, 0075).
      e2e("e2e-alone", { include: ["tests/e2e/one-at-a-time.test.ts"], groupOrder: 1, maxWorkers: 5 }),
      e2e("e2e-alone-2", { include: ["tests/e2e/one-at-a-time-2.test.ts"], groupOrder: 1, maxWorkers: 5 }),
      e2e("e2e-shared", { include: SHARE_THE_SERVER.map((f) => `tests/e2e/${f}.test.ts`), groupOrder: 1, maxWorkers: 5 }),
    ],
  },
});
