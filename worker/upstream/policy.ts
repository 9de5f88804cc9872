// The edge cache's windows (and the visit tally's flush interval), read from optional vars so a test
// instance can shrink them to seconds (tests/e2e/upstream-faults.test.ts, visit-counts.test.ts);
// deploys set none of them and get the defaults. A value
// that is not a non-negative number of seconds falls back to its default, like UPSTREAM_TIMEOUT_MS:
// a typo must not take the cache (or the site) down.
import * as v from "valibot";
import { FLUSH_MS } from "../rules/visit-limits";
import { defaultPolicy, type CachePolicy } from "./cache";

const Seconds = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/), v.transform(Number))]),
  v.number(),
  v.finite(),
  v.minValue(0),
  v.transform((seconds) => Math.round(seconds * 1000)),
);
const Optional = v.fallback(v.optional(Seconds), undefined);

const Tuning = v.object({
  CACHE_FRESH_SECONDS: Optional,
  CACHE_STALE_WHILE_REVALIDATE_SECONDS: Optional,
  CACHE_STALE_IF_ERROR_SECONDS: Optional,
  CACHE_MEMORY_SECONDS: Optional,
});

export type CacheTuning = v.InferInput<typeof Tuning>;

/** The policy for these vars; parsed once per env object (the same one serves an isolate's requests). */
const parsed = new WeakMap<object, CachePolicy>();

export function cachePolicy(env: Partial<Record<keyof CacheTuning, unknown>>): CachePolicy {
  const known = parsed.get(env);
  if (known) return known;
  const t = v.parse(Tuning, env);
  const freshMs = t.CACHE_FRESH_SECONDS ?? defaultPolicy.freshMs;
  const policy: CachePolicy = {
    freshMs,
    staleWhileRevalidateMs: t.CACHE_STALE_WHILE_REVALIDATE_SECONDS ?? defaultPolicy.staleWhileRevalidateMs,
    staleIfErrorMs: t.CACHE_STALE_IF_ERROR_SECONDS ?? defaultPolicy.staleIfErrorMs,
    // The in-isolate copy only ever serves fresh values, so it never outlives the fresh window.
    memoryMs: Math.min(t.CACHE_MEMORY_SECONDS ?? defaultPolicy.memoryMs, freshMs),
  };
  parsed.set(env, policy);
  return policy;
}

/** The visit tally's flush interval (worker/edge/visit-tally.ts): VISITS_FLUSH_SECONDS, else FLUSH_MS. */
export function visitsFlushMs(env: { VISITS_FLUSH_SECONDS?: unknown }): number {
  const seconds = v.safeParse(Seconds, env.VISITS_FLUSH_SECONDS);
  return seconds.success && seconds.output > 0 ? seconds.output : FLUSH_MS;
}
