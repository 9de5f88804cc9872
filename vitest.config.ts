import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { TEST_SECRETS } from "./tests/workers/secrets.ts";

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
          include: ["tests/workers/**/*.test.ts"],
          setupFiles: ["./tests/workers/apply-migrations.ts"],
          // The providers' stand-ins (Twilio, Stripe) on loopback: tests/stand-ins.
          globalSetup: ["./tests/workers/global-setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          sequence: { groupOrder: 1 },
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["./tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server: files run one after another.
          fileParallelism: false,
          // No retry: a browser test passes the first time, at any hour (decision 0034).
        },
      },
    ],
  },
});
