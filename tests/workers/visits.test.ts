// Visit counting: the first request for an item in an hour reaches the API with visit=1 (and is
// counted), later ones do not, and the page's cached copy is used either way.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { VisitTracker, VISIT_WINDOW_MS } from "../../app/lib/visits.server";
import { testUpstream } from "./helpers";

const visitsOf = async (branchId: number) =>
  (await env.DB.prepare("SELECT num_visit AS n FROM branches WHERE id = ?").bind(branchId).first<{ n: number }>())!.n;

async function visitBranch(cookie: string | null, now: number, t: ReturnType<typeof testUpstream>, branchId: number) {
  const request = new Request("http://localhost/saffron/" + branchId, { headers: cookie ? { cookie } : {} });
  const tracker = new VisitTracker(request, now);
  await t.upstream.getMenu("saffron", branchId, tracker.count("b", branchId));
  await t.drain();
  return tracker.setCookie()?.split(";")[0] ?? cookie;
}

describe("visit flag", () => {
  it("reaches the API once per hour per item, through the cache", async () => {
    const t = testUpstream({ version: crypto.randomUUID() });
    const { branch } = await t.upstream.getBranch("saffron");
    const [a, b] = branch.map((x) => x.id) as [number, number];
    const before = await visitsOf(a);

    let cookie = await visitBranch(null, t.state.now, t, a);
    expect(await visitsOf(a)).toBe(before + 1);
    cookie = await visitBranch(cookie, t.state.now + 1000, t, a);
    expect(t.lastStatus()).toBe("HIT"); // the page still reads the cache
    expect(await visitsOf(a)).toBe(before + 1);

    // Another item in the same hour is counted on its own.
    const beforeB = await visitsOf(b);
    cookie = await visitBranch(cookie, t.state.now + 2000, t, b);
    expect(await visitsOf(b)).toBe(beforeB + 1);

    // An hour later the first item counts again.
    await visitBranch(cookie, t.state.now + VISIT_WINDOW_MS + 1, t, a);
    expect(await visitsOf(a)).toBe(before + 2);
  });

  it("ignores a tampered cookie instead of failing", () => {
    const tracker = new VisitTracker(new Request("http://localhost/", { headers: { cookie: "visits=<script>.b:1:99999999999999999" } }));
    expect(tracker.count("b", 1)).toBe(true);
  });
});
