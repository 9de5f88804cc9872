// A running worker with a failing external upstream: a second instance of the e2e build whose
// UPSTREAM_URL is a fault proxy (./fault-proxy.ts) in front of the first instance's embedded API,
// with the cache windows shrunk to seconds. Warm pages live on from the stale copy, cold pages are
// the friendly 503, nothing invalid is stored, recovery needs no purge, and a burst of misses makes
// one upstream call per key. The client-level versions are tests/workers/{cache,unavailable}.test.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serveBuilt, type ServedBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";
import { startFaultProxy, type Fault, type FaultProxy } from "./fault-proxy";
import { BATCH_MS, PER_CLIENT_HOURLY } from "../../worker/rules/visit-limits";
import { api, cacheStatus, get, purge, type Answer } from "./http";

const FRESH_MS = 2_000; // long enough that the request right after a MISS is a HIT on a busy machine
const FAULTS: Fault[] = ["500", "429", "timeout", "bad-json", "broken-stream"];
const UNAVAILABLE = "The menu is taking a break"; // app/locales/en.ts, unavailable.title
const STACK = /UpstreamError|\bat \S+ \(|\.[cm]?[jt]s:\d+:\d+/;

let proxy: FaultProxy;
let served: ServedBuild | undefined;
let restaurant = ""; // saffron's name, as the embedded API has it
let branch = { id: 0, name: "" };

beforeAll(async () => {
  const upstream = inject("baseUrl");
  proxy = await startFaultProxy(upstream);
  served = await serveBuilt(
    "tmp/e2e-faults-state",
    (dir) => ({
      ...startVars({}, `${dir}/secrets.vars`),
      UPSTREAM_URL: proxy.url,
      UPSTREAM_TIMEOUT_MS: "3000",
      CACHE_FRESH_SECONDS: String(FRESH_MS / 1000),
      // No stale-while-revalidate: past the fresh window a failing upstream shows STALE-IF-ERROR at
      // once and a healed one refreshes the page in the request (MISS), so each step is visible.
      CACHE_STALE_WHILE_REVALIDATE_SECONDS: "0",
      CACHE_STALE_IF_ERROR_SECONDS: "3600",
    }),
    { data: inject("demoData") },
  );
  const data = await api<{ restaurant: { name_en: string }; branch: { id: number; name_en: string }[] }>(upstream, "getBranch", { domain: "saffron" });
  restaurant = data.restaurant.name_en;
  branch = { id: data.branch[0]!.id, name: data.branch[0]!.name_en };
});

afterAll(async () => {
  served?.stop();
  await proxy?.close();
});

const page = (path: string, headers: Record<string, string> = {}) => get(`${served!.baseUrl}${path}`, headers);
/**
 * A purge once the last step's background visit calls have reached the upstream: the views' calls go out
 * in a batch BATCH_MS after them (worker/edge/visits.ts), and one made after the purge is a fetch of the
 * new data, which may be kept as the page's fresh copy (then a "cold" page has one to answer from).
 */
async function purgeSaffron() {
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await pause(BATCH_MS + 150);
  for (let last = -1; proxy.visitCalls().length !== last; await pause(150)) last = proxy.visitCalls().length;
  await purge(served!.baseUrl, served!.vars.PURGE_SECRET!, "saffron");
}
const pastFresh = () => new Promise((r) => setTimeout(r, FRESH_MS + 250));

function expectFriendly503(answer: Answer) {
  expect(answer.status).toBe(503);
  // Tells clients and crawlers when to come back; never a public, cacheable answer.
  expect(answer.headers["retry-after"]).toBe("30");
  expect(String(answer.headers["cache-control"] ?? "")).not.toMatch(/public/);
  expect(answer.body).toContain(UNAVAILABLE);
  expect(answer.body).not.toMatch(STACK);
}

/** Healed: the next answer is real data fetched now (MISS), and the one after comes from the cache. */
async function expectRecovered(path: string, call: string, text: string) {
  const healed = await page(path);
  expect(healed.status).toBe(200);
  expect(healed.body).toContain(text);
  expect(cacheStatus(healed, call)).toBe("MISS");
  // Normally the very next answer is a HIT (of the data, or of the rendered page when the page cache
  // kept it); a very slow machine may outlive the fresh window once.
  const seen: (string | undefined)[] = [];
  for (let i = 0; i < 3 && !seen.includes("HIT"); i++) {
    const again = await page(path);
    expect(again.body).toContain(text);
    seen.push(cacheStatus(again, "page") === "HIT" ? "HIT" : cacheStatus(again, call));
  }
  expect(seen).toContain("HIT");
}

describe("a warm page while the upstream fails", () => {
  it.each(FAULTS)("%s: keeps answering the stale copy, then recovers without a purge", async (fault) => {
    proxy.set("healthy");
    await purgeSaffron();
    const warm = await page("/saffron");
    expect(cacheStatus(warm, "getBranch")).toBe("MISS");
    expect((await page(`/saffron/${branch.id}`)).status).toBe(200);
    await pastFresh();

    proxy.set(fault);
    proxy.reset();
    const list = await page("/saffron");
    expect(list.status).toBe(200);
    expect(list.body).toContain(restaurant);
    expect(cacheStatus(list, "getBranch")).toBe("STALE-IF-ERROR");
    const menu = await page(`/saffron/${branch.id}`);
    expect(menu.status).toBe(200);
    expect(menu.body).toContain(branch.name);
    expect(cacheStatus(menu, "getMenu")).toBe("STALE-IF-ERROR");
    // It did ask: the stale copy stands in for a failed call, not for a skipped one.
    expect(proxy.count("/api/getBranch")).toBe(1);
    expect(proxy.count("/api/getMenu")).toBe(1);

    proxy.set("healthy");
    await expectRecovered("/saffron", "getBranch", restaurant);
  });
});

describe("a cold page while the upstream fails", () => {
  it.each(FAULTS)("%s: the friendly 503, nothing of the failure is cached", async (fault) => {
    proxy.set("healthy");
    await purgeSaffron(); // every saffron key is new: nothing to fall back on
    proxy.set(fault);
    proxy.reset();
    for (const path of ["/saffron", `/saffron/${branch.id}`]) {
      expectFriendly503(await page(path));
      // Asked again, it asks the upstream again: neither the error nor the bad body was stored.
      expectFriendly503(await page(path));
    }
    expect(proxy.count("/api/getBranch")).toBe(2);
    expect(proxy.count("/api/getMenu")).toBe(2);

    proxy.set("healthy");
    await expectRecovered("/saffron", "getBranch", restaurant);
    const menu = await page(`/saffron/${branch.id}`);
    expect(menu.status).toBe(200);
    expect(menu.body).toContain(branch.name);
  });
});

describe("a burst of requests for a cold page", () => {
  const burst = (path: string, headers: Record<string, string> = {}) => Promise.all(Array.from({ length: 50 }, () => page(path, headers)));

  it("makes one upstream call and answers every request", async () => {
    proxy.set("healthy");
    await purgeSaffron();
    proxy.reset();
    const answers = await burst("/saffron");
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    for (const a of answers) expect(a.body).toContain(restaurant);
    expect(proxy.paths()).toEqual(["/api/getBranch"]);
  });

  it("makes one call per key for a branch page", async () => {
    proxy.set("healthy");
    await purgeSaffron();
    proxy.reset();
    // An already-counted visit: a counted one reaches the upstream on purpose (worker/edge/visits.ts).
    const cookie = `visits=b:${branch.id}:${Date.now() + 3_600_000}`;
    const answers = await burst(`/saffron/${branch.id}`, { cookie });
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    for (const a of answers) expect(a.body).toContain(branch.name);
    const paths = proxy.paths();
    expect(paths.filter((p) => p === "/api/getMenu")).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith("/api/getProductPriceOffer/"))).toHaveLength(1);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

// Cookie-less first views (docs/spec.txt section 9, worker/edge/visits.ts): each counted visit makes the
// contract's visit=1 call in the background, a client network counts at most PER_CLIENT_HOURLY per
// item per hour, and the page itself is read through the cache like any other.
describe("first views without cookies", () => {
  const views = (addresses: string[]) => Promise.all(addresses.map((ip) => page(`/saffron/${branch.id}`, { "cf-connecting-ip": ip })));
  /**
   * The visit calls once at least `expected` have come (each is background work, and a loaded machine can
   * leave more than half a second between two) and then nothing new for half a second.
   */
  async function settledVisitCalls(expected = 0) {
    await expect.poll(() => proxy.visitCalls().length).toBeGreaterThanOrEqual(expected);
    let last = -1;
    while (proxy.visitCalls().length !== last) {
      last = proxy.visitCalls().length;
      await new Promise((r) => setTimeout(r, 500));
    }
    return proxy.visitCalls();
  }

  it("a client looping without cookies counts a bounded number of visits and makes one read", async () => {
    proxy.set("healthy");
    await purgeSaffron();
    proxy.reset();
    const answers = await views(Array(100).fill(`198.51.100.${Math.floor(Math.random() * 250)}`));
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(await settledVisitCalls(PER_CLIENT_HOURLY)).toEqual(Array(PER_CLIENT_HOURLY).fill("/api/getMenu"));
    // The page's own read of the menu: one call for the whole burst (two if a slow machine outlives
    // this instance's 2-second fresh window); uncoalesced it would be 100.
    expect(proxy.count("/api/getMenu")).toBeGreaterThanOrEqual(1);
    expect(proxy.count("/api/getMenu")).toBeLessThanOrEqual(2);
  });

  it("100 diners' first views make 100 visit calls and at most one read", async () => {
    proxy.set("healthy");
    await page(`/saffron/${branch.id}`); // warm
    await settledVisitCalls(); // (so the warm-up's own visit call is not counted below)
    proxy.reset();
    const net = `203.0.${Math.floor(Math.random() * 250)}`;
    const answers = await views(Array.from({ length: 100 }, (_, i) => `${net}.${i}`));
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(await settledVisitCalls(100)).toHaveLength(100);
    // The page's own read: none while the page is warm, one when its 2-second window ends meanwhile.
    expect(proxy.count("/api/getMenu")).toBeLessThanOrEqual(1);
  });
});
