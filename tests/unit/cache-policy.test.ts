// The cache windows come from optional vars (worker/upstream/policy.ts): unset or invalid keeps
// today's defaults, and the in-isolate copy never outlives the fresh window.
import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../worker/upstream/cache";
import { cachePolicy } from "../../worker/upstream/policy";

describe("cache policy from vars", () => {
  it("keeps the defaults when nothing is set", () => {
    expect(cachePolicy({})).toEqual(defaultPolicy);
    expect(cachePolicy({ CACHE_FRESH_SECONDS: "", CACHE_STALE_IF_ERROR_SECONDS: " " })).toEqual(defaultPolicy);
  });

  it("reads seconds, fractions and zero", () => {
    expect(cachePolicy({ CACHE_FRESH_SECONDS: "1.5", CACHE_STALE_WHILE_REVALIDATE_SECONDS: "0", CACHE_STALE_IF_ERROR_SECONDS: 3600 })).toEqual({
      freshMs: 1_500,
      staleWhileRevalidateMs: 0,
      staleIfErrorMs: 3_600_000,
      memoryMs: 1_500,
    });
  });

  it("falls back per var on anything that is not a non-negative number", () => {
    for (const bad of ["-1", "abc", "1e3", "NaN", "Infinity", {}, true]) {
      expect(cachePolicy({ CACHE_FRESH_SECONDS: bad, CACHE_STALE_IF_ERROR_SECONDS: "60" })).toEqual({ ...defaultPolicy, staleIfErrorMs: 60_000 });
    }
  });

  it("never keeps the in-isolate copy longer than the fresh window", () => {
    expect(cachePolicy({ CACHE_FRESH_SECONDS: "2" }).memoryMs).toBe(2_000);
    expect(cachePolicy({ CACHE_FRESH_SECONDS: "30", CACHE_MEMORY_SECONDS: "10" }).memoryMs).toBe(10_000);
    expect(cachePolicy({ CACHE_FRESH_SECONDS: "30", CACHE_MEMORY_SECONDS: "0" }).memoryMs).toBe(0);
  });
});
