// Builds the per-request upstream client: the restaurant's own API when UPSTREAM_URL is set,
// else the embedded API (worker/contract) called in-process, without a network hop.
import { apiApp } from "../contract/catalogue";
import { previewEnv } from "../contract/preview";
import { tenantVersion } from "../directory/versions";
import type { EdgeCacheDeps } from "./cache";
import { createUpstream, type UpstreamConfig } from "./client";
import { createOrdering } from "./ordering";
import { cachePolicy } from "./policy";
import type { ServerTimings } from "./timing";
import { imageBaseOf } from "../rules/image-url";

const DEFAULT_TIMEOUT_MS = 4_000;

/** `preview`: the draft restaurant a checked member previews (the embedded API then shows it). */
function upstreamConfig(env: Env, ctx: ExecutionContext, preview: string | null = null): UpstreamConfig {
  const timeoutMs = Number(env.UPSTREAM_TIMEOUT_MS) > 0 ? Number(env.UPSTREAM_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
  const source = upstreamSource(env);
  if (source !== "embedded") {
    const external = source;
    return { baseUrl: external, imageBase: imageBaseOf(external), fetch: (input, init) => fetch(input, init), timeoutMs };
  }
  return {
    baseUrl: "http://embedded.api",
    imageBase: imageBaseOf(null),
    fetch: async (input, init) => apiApp.fetch(new Request(input, init), preview ? previewEnv(env, preview) : env, ctx),
    timeoutMs,
  };
}

/**
 * Which restaurant API answers: "embedded", or the external base URL. Every shared cache key (data
 * and rendered pages) carries it, so switching UPSTREAM_URL never serves the other source's copies.
 */
export function upstreamSource(env: Pick<Env, "UPSTREAM_URL">): string {
  return env.UPSTREAM_URL.trim().replace(/\/+$/, "") || "embedded";
}

/** Origins that serve the restaurant API's images (for the CSP): none beyond our own when embedded. */
export function imageOrigins(env: Env): string[] {
  const external = env.UPSTREAM_URL.trim();
  return external ? [new URL(external).origin] : [];
}

function edgeCache(env: Env, ctx: ExecutionContext): EdgeCacheDeps {
  return {
    // `caches.default` is Workers-only; the DOM lib's CacheStorage type shadows it.
    cache: (caches as unknown as { default: Cache }).default,
    waitUntil: (p) => ctx.waitUntil(p),
    now: () => Date.now(),
    policy: cachePolicy(env),
  };
}

// One fixed origin for cache keys, so a restaurant's custom host and its /{domain} path share entries.
const KEY_ORIGIN = "https://upstream-cache.internal";

/**
 * `versionsRead` collects the restaurant cache versions the answer depends on (the page cache keeps
 * them). A draft's preview reads and keeps its answers under keys of their own (source "preview:…"),
 * which only previews ask for: nobody else's read ever finds a draft's data.
 */
export function upstreamFor(env: Env, ctx: ExecutionContext, timings: ServerTimings, versionsRead?: Map<string, string>, preview: string | null = null) {
  return createUpstream({
    config: upstreamConfig(env, ctx, preview),
    cache: edgeCache(env, ctx),
    timings,
    keyOrigin: KEY_ORIGIN,
    source: preview ? `preview:${upstreamSource(env)}` : upstreamSource(env),
    versionOf: async (domain) => {
      const version = await tenantVersion(env.HOSTS, domain);
      versionsRead?.set(domain, version);
      return version;
    },
  });
}

/** The ordering calls for one request; `clientIp` is the diner's, for the API's send limits. */
export function orderingFor(env: Env, ctx: ExecutionContext, timings: ServerTimings, clientIp: string | null) {
  return createOrdering(upstreamConfig(env, ctx), timings, clientIp);
}
