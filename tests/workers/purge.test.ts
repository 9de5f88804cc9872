// The signed purge endpoint through the whole worker: each signed request works once per domain
// (PurgeGuard, a real Durable Object), unknown restaurants are refused, and the checks run in order.
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "../../worker/index";
import { nextPurgeTimestamp, purgeHeaders, versionInKv } from "./helpers";

const url = (domain: string) => `http://localhost/_edge/purge/${domain}`;
const send = (domain: string, headers: Record<string, string>) => exports.default.fetch(url(domain), { method: "POST", headers });
const purge = async (domain: string, options?: Parameters<typeof purgeHeaders>[1]) => send(domain, await purgeHeaders(domain, options));
/** The stored version, read past the in-isolate memo. */
const storedVersion = (domain: string) => versionInKv(domain);

describe("POST /_edge/purge/{domain}", () => {
  it("takes a signed request once: a replay is refused with 409 and bumps nothing", async () => {
    const headers = await purgeHeaders("saffron");
    const first = await send("saffron", headers);
    expect(first.status).toBe(200);
    const { version } = await first.json<{ version: string }>();
    const replay = await send("saffron", headers);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ error: expect.stringContaining("already used") });
    expect(await storedVersion("saffron")).toBe(version);
    // A new signature (a later timestamp) works again.
    expect((await purge("saffron")).status).toBe(200);
  });

  it("accepts exactly one of 50 concurrent copies of one signed request", async () => {
    const headers = await purgeHeaders("grill-house");
    const answers = await Promise.all(Array.from({ length: 50 }, () => send("grill-house", headers)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = answers.find((r) => r.status === 200)!;
    expect(await storedVersion("grill-house")).toBe((await winner.json<{ version: string }>()).version);
  });

  it("a purge signed minutes ahead does not block the ones signed now, and each still works once", async () => {
    const ahead = String(Date.now() + 4 * 60_000);
    expect((await purge("saffron", { timestamp: ahead })).status).toBe(200);
    const now = nextPurgeTimestamp();
    expect((await purge("saffron", { timestamp: now })).status).toBe(200);
    expect((await purge("saffron", { timestamp: String(Number(now) - 60_000) })).status).toBe(200);
    expect((await purge("saffron", { timestamp: ahead })).status).toBe(409);
    expect((await purge("saffron", { timestamp: now })).status).toBe(409);
    // Each domain keeps its own: the same timestamp is fine for another restaurant.
    expect((await purge("grill-house", { timestamp: ahead })).status).toBe(200);
  });

  it("answers 404 for a restaurant the API does not know (nothing bumped)", async () => {
    const res = await purge("no-such-restaurant");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Unknown restaurant: no-such-restaurant" });
    expect(await storedVersion("no-such-restaurant")).toBeNull();
  });

  it("answers 401 for a bad signature, before anything else, and the timestamp stays unused", async () => {
    const timestamp = nextPurgeTimestamp();
    expect((await purge("saffron", { timestamp, secret: "wrong-secret" })).status).toBe(401);
    expect((await purge("no-such-restaurant", { secret: "wrong-secret" })).status).toBe(401);
    const unsigned = await send("saffron", { "x-purge-timestamp": timestamp, "x-purge-signature": "00".repeat(32) });
    expect(unsigned.status).toBe(401);
    // The refused attempts claimed nothing: the properly signed request with that timestamp works.
    expect((await purge("saffron", { timestamp })).status).toBe(200);
  });

  it("answers 503 when the restaurant API cannot say whether the restaurant exists", async () => {
    const before = await storedVersion("saffron");
    const ctx = createExecutionContext();
    const down = { ...env, UPSTREAM_URL: "http://127.0.0.1:9/api", UPSTREAM_TIMEOUT_MS: "500" };
    const res = await app.fetch(new Request(url("saffron"), { method: "POST", headers: await purgeHeaders("saffron") }), down, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: expect.stringContaining("unavailable") });
    expect(await storedVersion("saffron")).toBe(before);
  });
});
