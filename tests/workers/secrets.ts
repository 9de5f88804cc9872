// The secrets the workers tests' runtime is given as bindings, as a deploy is given them with
// `wrangler secret put` (vitest.config.ts); tests sign with the same values.
export const TEST_SECRETS = {
  PURGE_SECRET: "test-purge-secret",
  SESSION_SECRET: "test-session-secret",
  REALTIME_SECRET: "test-realtime-secret",
  ADMIN_SECRET: "test-admin-secret",
  ZATCA_KEY_SECRET: "5a".repeat(32),
  TAP_KEY_SECRET: "7b".repeat(32),
} as const;
export const TEST_REALTIME_SECRET: string = TEST_SECRETS.REALTIME_SECRET;
