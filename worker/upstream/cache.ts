// Edge cache for upstream answers: fresh / stale-while-revalidate / stale-if-error on top of
// the Workers Cache API, which implements none of them itself. Each entry stores its write time;
// the physical TTL is the sum of the three windows. See docs/decisions/0003-edge-cache.md.
import type { AnswerLike } from "./fetch-json";

export type CacheStatus = "HIT" | "MISS" | "STALE" | "STALE-IF-ERROR" | "BYPASS";

export interface CachePolicy {
  freshMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  /** How long the in-isolate copy may answer; never more than freshMs (see policy.ts). */
  memoryMs: number;
}

export const defaultPolicy: CachePolicy = {
  freshMs: 60_000,
  staleWhileRevalidateMs: 86_400_000,
  staleIfErrorMs: 7 * 86_400_000,
  memoryMs: 5_000,
};

export interface EdgeCacheDeps {
  cache: Cache;
  waitUntil(promise: Promise<unknown>): void;
  now(): number;
  policy: CachePolicy;
}

export interface CacheRead<T> {
  value: T;
  status: CacheStatus;
}

const WRITTEN_AT = "x-written-at";

// Misses for one key in one isolate share one upstream request.
const inflight = new Map<string, Promise<unknown>>();

// A small in-isolate copy of fresh entries, so a page's several reads of hot keys skip the Cache API
// for a few seconds (policy.memoryMs). Only fresh values are served from it; purges change the key,
// so they still apply.
const MEMORY_MAX = 500;
const memory = new Map<string, { value: unknown; writtenAt: number; storedAt: number }>();

function remember(key: string, value: unknown, writtenAt: number, now: number) {
  memory.delete(key); // re-insert: the Map's order is the eviction order
  memory.set(key, { value, writtenAt, storedAt: now });
  if (memory.size > MEMORY_MAX) memory.delete(memory.keys().next().value!);
}

/** The in-isolate copy of `key` while it may still answer as a fresh HIT. */
function heldFresh(key: string, now: number, policy: CachePolicy): { value: unknown } | undefined {
  const held = memory.get(key);
  if (held && now - held.storedAt < policy.memoryMs && now - held.writtenAt < policy.freshMs) return held;
  return undefined;
}

function coalesce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = load().finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
}

async function store(deps: EdgeCacheDeps, key: string, value: unknown): Promise<void> {
  const { freshMs, staleWhileRevalidateMs, staleIfErrorMs } = deps.policy;
  const maxAge = Math.ceil((freshMs + staleWhileRevalidateMs + staleIfErrorMs) / 1000);
  const entry = new Response(JSON.stringify(value), {
    headers: {
      "content-type": "application/json",
      "cache-control": `public, max-age=${maxAge}`,
      [WRITTEN_AT]: String(deps.now()),
    },
  });
  remember(key, value, deps.now(), deps.now());
  // A failed write only costs a later miss; it must never fail the page.
  await deps.cache.put(key, entry).catch(() => undefined);
}

async function readEntry<T>(deps: EdgeCacheDeps, key: string): Promise<{ value: T; age: number } | null> {
  const hit = await deps.cache.match(key);
  if (!hit) return null;
  const writtenAt = Number(hit.headers.get(WRITTEN_AT));
  try {
    const value = (await hit.json()) as T;
    if (!Number.isFinite(writtenAt)) return null;
    remember(key, value, writtenAt, deps.now());
    return { value, age: deps.now() - writtenAt };
  } catch {
    return null; // a torn or foreign entry counts as a miss
  }
}

/**
 * Answers `load()`'s value through the cache at `key`. `load` must throw for anything that is
 * not a valid 2xx answer, so only valid answers are ever stored.
 */
export async function readThrough<T>(deps: EdgeCacheDeps, key: string, load: () => Promise<T>): Promise<CacheRead<T>> {
  const loadAndStore = async () => {
    const value = await load();
    await store(deps, key, value);
    return value;
  };
  const held = heldFresh(key, deps.now(), deps.policy);
  if (held) return { value: held.value as T, status: "HIT" };
  const entry = await readEntry<T>(deps, key);
  if (!entry) {
    // A shared load may have finished (and left the in-flight map) while this read was out; its
    // value is already in memory, so a burst of misses still makes one upstream call.
    const landed = heldFresh(key, deps.now(), deps.policy);
    if (landed) return { value: landed.value as T, status: "HIT" };
    return { value: await coalesce(key, loadAndStore), status: "MISS" };
  }
  const { freshMs, staleWhileRevalidateMs, staleIfErrorMs } = deps.policy;
  if (entry.age < freshMs) return { value: entry.value, status: "HIT" };
  if (entry.age < freshMs + staleWhileRevalidateMs) {
    deps.waitUntil(coalesce(key, loadAndStore).catch(() => undefined));
    return { value: entry.value, status: "STALE" };
  }
  // Past revalidation: try the upstream now, fall back to the old copy while it is allowed.
  try {
    return { value: await coalesce(key, loadAndStore), status: "MISS" };
  } catch (error) {
    if (entry.age < freshMs + staleWhileRevalidateMs + staleIfErrorMs) {
      return { value: entry.value, status: "STALE-IF-ERROR" };
    }
    throw error;
  }
}

/**
 * A call that must reach the upstream whatever the cache holds (a counted visit: the API counts it).
 * Its answer is read and stored only when the entry at `key` is due for refresh (missing or past
 * fresh) and no refresh of it is running; otherwise its body is discarded unread.
 */
export async function callThrough<T>(
  deps: EdgeCacheDeps,
  key: string,
  call: () => Promise<AnswerLike>,
  read: (answer: AnswerLike) => Promise<T>,
): Promise<void> {
  const due = !heldFresh(key, deps.now(), deps.policy) && !(await isFresh(deps, key));
  const answer = await call();
  if (!due || inflight.has(key)) {
    await answer.body?.cancel().catch(() => undefined);
    return;
  }
  await coalesce(key, async () => {
    const value = await read(answer);
    await store(deps, key, value);
    return value;
  });
}

/** Whether the stored entry at `key` is fresh, from its headers alone. */
async function isFresh(deps: EdgeCacheDeps, key: string): Promise<boolean> {
  const hit = await deps.cache.match(key);
  await hit?.body?.cancel().catch(() => undefined);
  return !!hit && deps.now() - Number(hit.headers.get(WRITTEN_AT)) < deps.policy.freshMs;
}
