declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** A D1 without tables (vitest.config.ts): every query fails, as a failing database would. */
    BROKEN_DB: D1Database;
    /** An empty D1 a test migrates up to a point, writes rows into, then migrates further. */
    MIGRATION_DB: D1Database;
  }
}
