// An unreachable restaurant API with nothing cached: the loaders answer a friendly 503, never a crash;
// with a cached copy they keep answering.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { VisitTracker } from "../../app/lib/visits.server";
import { loadBranchList } from "../../app/routes/tenant/branches.server";
import { testUpstream, type Fault } from "./helpers";

function contextWith(upstream: ReturnType<typeof testUpstream>["upstream"]) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env,
    ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
    nonce: "n",
    host: { kind: "app" },
    upstream,
    ordering: null as never,
    visits: new VisitTracker(new Request("http://localhost/")),
    pageCookies: { language: "en", theme: null, orderBranches: new Set<number>(), view: "grid2", shareable: true },
  });
  return context;
}

describe("unavailable upstream", () => {
  it.each<Fault>(["500", "timeout", "bad-json"])("a cold %s gives a 503 the error page can show", async (fault) => {
    const t = testUpstream({ timeoutMs: 150 });
    t.state.fault = fault;
    const thrown = await loadBranchList(contextWith(t.upstream), { domain: "saffron", table: null }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 503 } });
  });

  it("a warm page keeps answering from the stale copy", async () => {
    const t = testUpstream({ version: crypto.randomUUID() });
    const fresh = await loadBranchList(contextWith(t.upstream), { domain: "saffron", table: null });
    t.state.now += 2 * 86_400_000;
    t.state.fault = "500";
    const stale = await loadBranchList(contextWith(t.upstream), { domain: "saffron", table: null });
    expect(stale).toEqual(fresh);
    expect(t.lastStatus()).toBe("STALE-IF-ERROR");
  });

  it("an inactive restaurant is a 404", async () => {
    const t = testUpstream();
    const thrown = await loadBranchList(contextWith(t.upstream), { domain: "closed-bistro", table: null }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
