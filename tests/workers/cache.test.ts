// The edge cache over the real Workers Cache API: MISS → HIT → STALE (refreshed in the background)
// → STALE-IF-ERROR, with a failing upstream injected; nothing invalid is ever stored.
import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../worker/upstream/cache";
import { UpstreamError } from "../../worker/upstream/errors";
import { testUpstream, type Fault } from "./helpers";

const { freshMs, staleWhileRevalidateMs } = defaultPolicy;

describe("edge cache lifecycle", () => {
  it("walks MISS → HIT → STALE (background refresh) → HIT → STALE-IF-ERROR", async () => {
    const t = testUpstream({ version: crypto.randomUUID() });
    const first = await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("MISS");
    expect(first.branch).toHaveLength(2);
    expect(t.state.calls).toHaveLength(1);

    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("HIT");
    expect(t.state.calls).toHaveLength(1);

    t.state.now += freshMs + 1;
    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("STALE");
    await t.drain(); // the background refresh ran and rewrote the entry
    expect(t.state.calls).toHaveLength(2);
    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("HIT");

    t.state.now += freshMs + staleWhileRevalidateMs + 1;
    t.state.fault = "500";
    const stale = await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("STALE-IF-ERROR");
    expect(stale).toEqual(first);
    expect(t.state.calls).toHaveLength(3);

    // Recovery is automatic: the next call after the fault is fixed refreshes the entry.
    t.state.fault = "none";
    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("MISS");
    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("HIT");
  });

  it("keeps serving STALE while a background refresh fails", async () => {
    const t = testUpstream({ version: crypto.randomUUID() });
    await t.upstream.getBranch("saffron");
    t.state.now += freshMs + 1;
    t.state.fault = "timeout";
    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("STALE");
    await t.drain();
    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("STALE");
  });

  it.each<Fault>(["500", "429", "timeout", "bad-json", "broken-stream"])("a cold %s answer is an `unavailable` error and nothing is stored", async (fault) => {
    const t = testUpstream({ version: crypto.randomUUID(), timeoutMs: 150 });
    t.state.fault = fault;
    const error = await t.upstream.getBranch("saffron").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe("unavailable");
    await t.drain();
    t.state.fault = "none";
    await t.upstream.getBranch("saffron");
    expect(t.lastStatus()).toBe("MISS");
    expect(t.state.calls).toHaveLength(2);
  });

  it("does not store a 403 (inactive restaurant) and maps it to not-found", async () => {
    const t = testUpstream({ version: crypto.randomUUID() });
    for (let i = 0; i < 2; i++) {
      const error = await t.upstream.getBranch("closed-bistro").catch((e: unknown) => e);
      expect((error as UpstreamError).kind).toBe("not-found");
      expect((error as UpstreamError).status).toBe(403);
    }
    expect(t.state.calls).toHaveLength(2);
  });

  it("coalesces concurrent misses for one key into one upstream call", async () => {
    const t = testUpstream({ version: crypto.randomUUID() });
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.upstream.getBranch("saffron")));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(t.state.calls).toHaveLength(1);
  });

  it("keeps two tenants' entries apart", async () => {
    const version = crypto.randomUUID();
    const t = testUpstream({ version });
    const saffron = await t.upstream.getBranch("saffron");
    const grill = await t.upstream.getBranch("grill-house");
    expect(saffron.restaurant.id).not.toBe(grill.restaurant.id);
    // Both now cached: each tenant still reads its own.
    expect((await t.upstream.getBranch("grill-house")).restaurant).toEqual(grill.restaurant);
    expect((await t.upstream.getBranch("saffron")).restaurant).toEqual(saffron.restaurant);
    expect(t.state.calls).toHaveLength(2);
  });

  it("never serves one source's entry through another (a switch of UPSTREAM_URL)", async () => {
    // Same restaurant, same cache version: only the source differs.
    const version = crypto.randomUUID();
    const old = testUpstream({ version, source: "https://old-backend.example/api" });
    const reads = (u: typeof old.upstream) => [() => u.getBranch("saffron"), () => u.getMenu("saffron", 1), () => u.getCatalogue("saffron", 1)];
    for (const read of reads(old.upstream)) await read();
    await old.drain();
    const oldCalls = old.state.calls.length;
    for (const read of reads(old.upstream)) await read();
    expect(old.state.calls).toHaveLength(oldCalls); // all stored: the old source's entries exist

    // The new source does not know the restaurant (here: fails): nothing of the old source's comes back.
    const current = testUpstream({ version });
    current.state.fault = "500";
    for (const read of reads(current.upstream)) await expect(read()).rejects.toThrow();
    expect(current.timings.entries.every((e) => e.desc === "MISS")).toBe(true);

    // Once it answers, each source reads its own entries.
    current.state.fault = "none";
    await current.upstream.getBranch("saffron");
    expect(current.lastStatus()).toBe("MISS");
    await current.drain();
    await current.upstream.getBranch("saffron");
    expect(current.lastStatus()).toBe("HIT");
    await old.upstream.getBranch("saffron");
    expect(old.lastStatus()).toBe("HIT");
  });
});
