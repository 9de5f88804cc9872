// Counted visits (docs/spec.txt section 9; worker/edge/visits.ts, visit-tally.ts): a diner's first views are
// capped per client network and, with the embedded API, summed in the restaurant's VisitTally and
// written to D1 in one batch per flush, losing none; an external API gets one visit=1 call per
// counted visit, its answer read only when the cached copy is due for refresh.
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { VisitTracker } from "../../app/lib/visits.server";
import { PER_CLIENT_HOURLY, SAVE_MS } from "../../worker/rules/visit-limits";
import { VisitTally, visitTallyFor } from "../../worker/edge/visit-tally";
import worker from "../../worker/index";
import { defaultPolicy } from "../../worker/upstream/cache";
import { catalogueRow } from "./catalogue";
import { testUpstream } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";
import { bumpTenantVersion } from "../../worker/directory/versions";

const tally = () => visitTallyFor(env, "embedded", "saffron");
/** The sums in the tally's storage (where they outlive the object) per item, hours added up, once its save is due. */
const pending = async () => {
  await new Promise((r) => setTimeout(r, SAVE_MS + 50));
  const saved = await runInDurableObject(tally(), (_: VisitTally, state) => state.storage.kv.get<Record<string, number>>("pending") ?? {});
  const byItem: Record<string, number> = {};
  for (const [key, n] of Object.entries(saved)) byItem[key.split("@")[0]!] = (byItem[key.split("@")[0]!] ?? 0) + n;
  return byItem;
};
/** The count of one of saffron's branches, menus or categories (every item these tests view is saffron's). */
const visitsOf = async (table: string, id: number) =>
  (await catalogueRow<{ n: number }>(SAFFRON_ID, `SELECT num_visit AS n FROM ${table} WHERE id = ?`, id))!.n;
const firstCategory = async () =>
  (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT id FROM categories WHERE menu_id = 1 ORDER BY sort_num, id LIMIT 1"))!.id;

/** One page view through the whole worker, its background work (the count) included. */
async function view(path: string, ip: string, cookie?: string) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { "cf-connecting-ip": ip, ...(cookie ? { cookie } : {}) };
  const res = await worker.fetch(new Request(`http://localhost${path}`, { headers }), env, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return res;
}
const isPageHit = (res: Response) => /^page;desc="HIT"/.test(res.headers.get("server-timing") ?? "");
/** Addresses no other test uses (the tally's per-client counts live as long as the object). */
const addresses = (n: number) => {
  const net = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return Array.from({ length: n }, (_, i) => `${net}.${i}`);
};

describe("counted visits, embedded API", () => {
  it("sums 100 concurrent cookie-less first views and writes them to D1 in one batch, losing none", async () => {
    await runDurableObjectAlarm(tally()); // nothing left over from earlier tests
    const category = await firstCategory();
    await view("/saffron/1/1", "192.0.2.1"); // the page is warm: every view below is a page-cache hit
    await runDurableObjectAlarm(tally());
    const before = { b: await visitsOf("branches", 1), m: await visitsOf("menus", 1), c: await visitsOf("categories", category) };

    const answers = await Promise.all(addresses(100).map((ip) => view("/saffron/1/1", ip)));
    expect(answers.every((res) => res.status === 200 && isPageHit(res))).toBe(true);
    // Every view is counted in the tally's storage (not memory: an evicted object keeps it) …
    expect(await pending()).toEqual({ "b:1": 100, "m:1": 100, [`c:${category}`]: 100 });
    // … and none was written to D1 yet: no write per view.
    expect(await visitsOf("menus", 1)).toBe(before.m);

    const log = vi.spyOn(console, "log");
    expect(await runDurableObjectAlarm(tally())).toBe(true);
    const flushes = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"visits.flush"'));
    log.mockRestore();
    expect(flushes).toHaveLength(1);
    expect(JSON.parse(flushes[0]!)).toMatchObject({ statements: 4, visits: 300 }); // one statement per table, one for the hourly buckets
    expect(await visitsOf("branches", 1)).toBe(before.b + 100);
    expect(await visitsOf("menus", 1)).toBe(before.m + 100);
    expect(await visitsOf("categories", category)).toBe(before.c + 100);
    expect(await pending()).toEqual({});
  });

  it("caps what one client network counts per item per hour, under 100 concurrent views", async () => {
    await runDurableObjectAlarm(tally());
    const [ip] = addresses(1);
    await Promise.all(Array.from({ length: 100 }, () => view("/saffron/1", ip!)));
    expect((await pending())["b:1"]).toBe(PER_CLIENT_HOURLY);
    // An IPv6 client's whole /64 is one network.
    await runDurableObjectAlarm(tally());
    const net = `2001:db8:${Math.floor(Math.random() * 65535).toString(16)}:1`;
    await Promise.all(Array.from({ length: 30 }, (_, i) => view("/saffron/1", `${net}::${(i + 1).toString(16)}`)));
    expect((await pending())["b:1"]).toBe(PER_CLIENT_HOURLY);
  });

  it("keeps the sums when D1 fails, and writes them on the next flush", async () => {
    await runDurableObjectAlarm(tally());
    const before = await visitsOf("branches", 2);
    await Promise.all(addresses(5).map((ip) => view("/saffron/2", ip)));
    // The flush reads the directory's row from D1 again (not the colo's cached copy), and D1 fails.
    await bumpTenantVersion(env, "saffron");
    const failed = await runInDurableObject(tally(), async (instance: VisitTally, state) => {
      const self = instance as unknown as { env: Env };
      const real = self.env;
      self.env = { ...real, DB: env.BROKEN_DB };
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        await instance.alarm();
      } finally {
        self.env = real;
        error.mockRestore();
      }
      return { again: await state.storage.getAlarm() };
    });
    expect(failed.again).not.toBeNull(); // another flush is scheduled
    expect((await pending())["b:2"]).toBe(5);
    expect(await visitsOf("branches", 2)).toBe(before);
    await runDurableObjectAlarm(tally());
    expect(await visitsOf("branches", 2)).toBe(before + 5);
  });

  it("never moves a coming flush later, whichever life of the object counts", async () => {
    await runDurableObjectAlarm(tally());
    const due = await runInDurableObject(tally(), async (instance: VisitTally, state) => {
      await instance.countMany("saffron", [{ address: "addr:192.0.2.9", items: ["b:1"] }], true);
      const first = await state.storage.getAlarm();
      // A quiet spell (time moves at I/O here), the object evicted and made again over the same storage.
      await new Promise((r) => setTimeout(r, SAVE_MS + 50));
      const nextLife = new VisitTally(state as DurableObjectState, env);
      await nextLife.countMany("saffron", [{ address: "addr:192.0.2.10", items: ["b:1"] }], true);
      return { first, after: await state.storage.getAlarm() };
    });
    expect(due.first).not.toBeNull();
    expect(due.after).toBe(due.first);
    expect((await pending())["b:1"]).toBe(2);
  });

  it("counts a page that was not shown as no visit", async () => {
    await runDurableObjectAlarm(tally());
    const res = await view("/saffron/1/999999", addresses(1)[0]!);
    expect(res.status).toBe(404);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await pending()).toEqual({});
  });
});

describe("counted visits, external API", () => {
  const external = () => testUpstream({ version: crypto.randomUUID(), source: "https://backend.example/api" });

  it("sends visit=1 for each counted visit and leaves a fresh copy alone", async () => {
    const t = external();
    const before = await visitsOf("branches", 1);
    await t.upstream.getMenu("saffron", 1); // cached, fresh
    const calls = t.state.calls.length;
    await Promise.all(Array.from({ length: 20 }, () => t.upstream.countVisit("saffron", "b", 1)));
    expect(t.state.calls.length - calls).toBe(20);
    expect(await visitsOf("branches", 1)).toBe(before + 20);
    // The copy was not rewritten by those answers: once its fresh window ends it is stale.
    t.state.now += defaultPolicy.freshMs + 1;
    await t.upstream.getMenu("saffron", 1);
    expect(t.lastStatus()).toBe("STALE");
  });

  it("refreshes a copy due for it from a visit's answer, once for a burst", async () => {
    const t = external();
    await t.upstream.getMenu("saffron", 1);
    t.state.now += defaultPolicy.freshMs + 1;
    const log: string[] = [];
    await Promise.all(Array.from({ length: 10 }, () => t.upstream.countVisit("saffron", "b", 1).then(() => log.push("done"))));
    expect(log).toHaveLength(10);
    const calls = t.state.calls.length;
    await t.upstream.getMenu("saffron", 1);
    expect(t.lastStatus()).toBe("HIT"); // the visit's answer replaced the due copy
    expect(t.state.calls.length).toBe(calls);
  });
});

describe("visit tracker", () => {
  it("ignores a tampered cookie instead of failing", () => {
    const tracker = new VisitTracker(new Request("http://localhost/", { headers: { cookie: "visits=<script>.b:1:99999999999999999" } }));
    expect(tracker.count("b", 1)).toBe(true);
    expect(tracker.counted).toEqual(["b:1"]);
  });
});
