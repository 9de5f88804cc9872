// A restaurant's own domain (/console/domain, the section on /console/branches) through the whole worker:
// who may, what a hostname must be, another restaurant's host, the host serving the restaurant's pages
// until it is removed, Cloudflare for SaaS against its loopback stand-in (tests/stand-ins/cloudflare.ts),
// half settings, and two restaurants racing for one host (D1's UNIQUE decides, KV follows).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { DOMAIN_PROBLEMS } from "../../worker/rules/domain-problems";
import { CLAIM_HOURS, expireClaims } from "../../worker/directory/host-claims";
import type { Role } from "../../worker/rules/roles";
import worker from "../../worker/index";
import { CLOUDFLARE_STAND_IN_TOKEN } from "../stand-ins/cloudflare";
import type { Recorded } from "../stand-ins/server";
import { seedMember } from "./console-members";
import { versionInKv } from "./helpers";

// The seed: saffron (restaurant 1), grill-house (restaurant 2, menu.grillhouse.test registered in KV by hand).
const SAFFRON = 1;
const GRILL = 2;
const standIns = inject("standIns");

const member = async (restaurantId: number, role: Role) => (await seedMember(restaurantId, role)).cookie;

// The DNS-over-HTTPS resolver is the stand-in (tests/stand-ins/dns.ts): TXT records are what a test publishes.
const call = (url: string, init: RequestInit, environment: Env) =>
  worker.fetch(new Request(url, { redirect: "manual", ...init }), { ...environment, DNS_API_BASE: `${standIns}/dns-query` }, createExecutionContext());
/** Publishes a TXT record at the stand-in resolver. */
const publishTxt = (name: string, value: string | null) =>
  fetch(`${standIns}/_dns/txt`, { method: "POST", body: JSON.stringify({ name, value }), headers: { "content-type": "application/json" } });
const state = (cookie: string | null, environment: Env = env) => call("http://localhost/console/domain", { headers: cookie ? { cookie } : {} }, environment);
const post = (cookie: string, fields: Record<string, string>, environment: Env = env) =>
  call(
    "http://localhost/console/domain",
    { method: "POST", body: new URLSearchParams(fields), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } },
    environment,
  );
const claim = (cookie: string, host: string, environment?: Env) => post(cookie, { intent: "add", host }, environment);
const prove = (cookie: string, environment?: Env) => post(cookie, { intent: "prove" }, environment);
/** Claims the host, publishes the claim's TXT record as its owner would, and proves it: the answer of the proof (or of a refused claim). */
async function add(cookie: string, host: string, environment?: Env): Promise<Response> {
  const claimed = await claim(cookie, host, environment);
  if (claimed.status !== 200) return claimed;
  const { state } = (await claimed.clone().json()) as { state: { claim: { txt: { name: string; value: string } } | null } };
  if (!state.claim) return claimed;
  await publishTxt(state.claim.txt.name, state.claim.txt.value);
  return prove(cookie, environment);
}
const remove = (cookie: string, environment?: Env) => post(cookie, { intent: "remove" }, environment);
/** A diner's page on a host (the Host header is the URL's). */
const page = (host: string, path = "/") => call(`http://${host}${path}`, {}, env);
const json = async (res: Response) => (await res.json()) as any;

const rows = async () =>
  (await env.DB.prepare("SELECT restaurant_id, host, cf_id FROM custom_hosts ORDER BY id").all<{ restaurant_id: number; host: string; cf_id: string | null }>())
    .results;

/** Cloudflare for SaaS on, against the stand-in, with a zone of its own (its suffix picks a failure). */
const zoneId = (suffix = "") => `${crypto.randomUUID().replace(/-/g, "")}${suffix}`;
const cloudflare = (settings: Partial<Env> = {}): Env => ({
  ...env,
  CF_API_TOKEN: CLOUDFLARE_STAND_IN_TOKEN,
  CF_ZONE_ID: zoneId(),
  CF_API_BASE: `${standIns}/client/v4`,
  ...settings,
});
const received = async (zone: string) => (await (await fetch(`${standIns}/_log/cloudflare?key=${zone}`)).json()) as Recorded[];

let owner: string;
let grillOwner: string;
beforeAll(async () => {
  owner = await member(SAFFRON, "owner");
  grillOwner = await member(GRILL, "owner");
});
// Every test starts with no own domain for saffron (grill-house keeps its hand-registered one).
afterEach(async () => {
  vi.restoreAllMocks();
  for (const who of [owner, grillOwner]) await remove(who);
});

describe("who may", () => {
  it("owners only: managers and staff 403 (reading and changing), no session goes to sign-in", async () => {
    for (const role of ["manager", "staff"] as const) {
      const cookie = await member(SAFFRON, role);
      expect((await state(cookie)).status, role).toBe(403);
      const res = await add(cookie, "menu.saffron-own.test");
      expect(res.status, role).toBe(403);
      expect(res.headers.get("cache-control"), role).toContain("no-store");
      expect((await remove(cookie)).status, role).toBe(403);
    }
    expect(await rows()).toEqual([]);
    const anonymous = await state(null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/console\/sign-in\?next=/);
    const mine = await state(owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(await json(mine)).toEqual({ host: null, record: null, target: "localhost", setup: "off", status: null, claim: null });
  });

  it("shows the section on /console/branches to owners, not to managers", async () => {
    const html = await (await call("http://localhost/console/branches", { headers: { cookie: owner } }, env)).text();
    expect(html).toContain('data-testid="own-domain"');
    const manager = await member(SAFFRON, "manager");
    const theirs = await (await call("http://localhost/console/branches", { headers: { cookie: manager } }, env)).text();
    expect(theirs).toContain('data-testid="console-branch"');
    expect(theirs).not.toContain('data-testid="own-domain"');
  });

  it("with an external backend (UPSTREAM_URL) there is no console: 404", async () => {
    expect((await add(owner, "menu.saffron-own.test", { ...env, UPSTREAM_URL: "https://backend.example/api" })).status).toBe(404);
  });
});

describe("the hostname", () => {
  const BAD: [string, keyof typeof DOMAIN_PROBLEMS][] = [
    ["", "empty"],
    ["   ", "empty"],
    ["https://menu.saffron.test", "shape"],
    ["menu.saffron.test/menu", "shape"],
    ["menu.saffron.test:8443", "shape"],
    ["user@menu.saffron.test", "shape"],
    ["menu saffron.test", "shape"],
    ["192.0.2.10", "ip"],
    ["[2001:db8::1]", "ip"],
    ["2001:db8::1", "ip"],
    ["saffron", "format"],
    ["-menu.saffron.test", "format"],
    ["menu-.saffron.test", "format"],
    ["menu..saffron.test", "format"],
    ["menu_1.saffron.test", "format"],
    ["مطعم.saffron.test", "format"],
    ["menu.saffron.123", "format"],
    [`${"a".repeat(64)}.saffron.test`, "format"],
    [`${"a".repeat(60)}.`.repeat(4) + "saffron.test", "long"],
    ["localhost", "format"],
    ["menu.example.com", "ours"],
    ["MENU.example.com", "ours"],
    ["shop.menu.example.com", "ours"],
    ["x.localhost", "ours"],
  ];

  it("a bad one is a 422 that says why, and nothing is written", async () => {
    for (const [host, problem] of BAD) {
      const res = await add(owner, host);
      expect(res.status, host).toBe(422);
      expect(await json(res), host).toEqual({ error: problem, message: DOMAIN_PROBLEMS[problem] });
    }
    expect(await rows()).toEqual([]);
  });

  it("the CNAME's own target is refused too (CUSTOM_HOST_TARGET)", async () => {
    const res = await add(owner, "Sites.Platform.test", { ...env, CUSTOM_HOST_TARGET: "sites.platform.test" });
    expect(res.status).toBe(422);
    expect((await json(res)).error).toBe("ours");
  });

  it("a malformed form is a 400", async () => {
    expect((await post(owner, { intent: "steal", host: "a.b.test" })).status).toBe(400);
    expect((await post(owner, {})).status).toBe(400);
  });

  it("is lower-cased, a final dot dropped; 253 characters is the most", async () => {
    const longest = `${"a".repeat(61)}.`.repeat(3) + `${"b".repeat(62)}.test`;
    expect(longest).toHaveLength(253);
    expect((await add(owner, ` Menu.Saffron-Own.TEST. `)).status).toBe(200);
    expect((await rows())[0]?.host).toBe("menu.saffron-own.test");
    expect((await add(owner, longest)).status).toBe(200);
    expect((await rows()).map((r) => r.host)).toEqual([longest]);
  });
});

describe("the host serves the restaurant", () => {
  it("registers, shows the CNAME to create, serves the pages by Host, replaces, and stops after removal", async () => {
    expect((await page("menu.saffron-own.test")).status).toBe(404);
    const before = await versionInKv("saffron");
    const res = await add(owner, "menu.saffron-own.test", { ...env, CUSTOM_HOST_TARGET: "sites.platform.test" });
    expect(res.status).toBe(200);
    expect((await json(res)).state).toEqual({
      host: "menu.saffron-own.test",
      record: { type: "CNAME", name: "menu.saffron-own.test", value: "sites.platform.test" },
      target: "sites.platform.test",
      setup: "off",
      status: "registered",
      claim: null,
    });
    // Without the setting the CNAME points at the host the console was opened on.
    expect((await json(await state(owner))).record).toEqual({ type: "CNAME", name: "menu.saffron-own.test", value: "localhost" });
    expect(await env.HOSTS.get("host:menu.saffron-own.test")).toBe("saffron");
    expect(await env.HOSTS.get("domain-host:saffron")).toBe("menu.saffron-own.test");
    // The restaurant's cache was purged.
    expect(await versionInKv("saffron")).not.toBe(before);

    const home = await page("menu.saffron-own.test");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("/saffron/1");
    expect((await page("menu.saffron-own.test", "/saffron/1")).status).toBe(200);
    expect((await page("menu.saffron-own.test", "/grill-house")).status).toBe(404);

    // One host per restaurant: a new one replaces the old.
    expect((await add(owner, "order.saffron-own.test")).status).toBe(200);
    expect((await page("order.saffron-own.test", "/saffron/1")).status).toBe(200);
    expect((await page("menu.saffron-own.test", "/saffron/1")).status).toBe(404);
    expect(await env.HOSTS.get("host:menu.saffron-own.test")).toBeNull();
    expect(await rows()).toEqual([{ restaurant_id: SAFFRON, host: "order.saffron-own.test", cf_id: null }]);
    // The same host again changes nothing.
    expect((await add(owner, "order.saffron-own.test")).status).toBe(200);
    expect(await rows()).toHaveLength(1);

    const removed = await remove(owner);
    expect(removed.status).toBe(200);
    expect((await json(removed)).state).toMatchObject({ host: null, record: null, status: null });
    expect((await page("order.saffron-own.test", "/saffron/1")).status).toBe(404);
    expect(await env.HOSTS.get("host:order.saffron-own.test")).toBeNull();
    expect(await env.HOSTS.get("domain-host:saffron")).toBeNull();
    expect(await rows()).toEqual([]);
    const again = await remove(owner);
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ error: "none", message: DOMAIN_PROBLEMS.none });
  });

  it("a document form post (no script) goes back to the branches", async () => {
    const res = await call(
      "http://localhost/console/domain",
      {
        method: "POST",
        body: new URLSearchParams({ intent: "add", host: "menu.saffron-own.test" }),
        headers: { cookie: owner, "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
      },
      env,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/console/branches");
    // A claim only: nothing routes until it is proven.
    expect(await env.HOSTS.get("host:menu.saffron-own.test")).toBeNull();
    expect((await json(await state(owner))).claim).toMatchObject({ host: "menu.saffron-own.test" });
  });
});

describe("another restaurant's host", () => {
  it("is a 409 that says so, whether claimed here or registered in KV by hand, and stays theirs", async () => {
    expect((await add(grillOwner, "eat.grill-own.test")).status).toBe(200);
    for (const host of ["eat.grill-own.test", "EAT.grill-own.test", "menu.grillhouse.test"]) {
      const res = await add(owner, host);
      expect(res.status, host).toBe(409);
      expect(await json(res), host).toEqual({ error: "taken", message: "This hostname is already registered to another restaurant." });
    }
    expect(await env.HOSTS.get("host:eat.grill-own.test")).toBe("grill-house");
    expect(await env.HOSTS.get("host:menu.grillhouse.test")).toBe("grill-house");
    expect(await rows()).toEqual([{ restaurant_id: GRILL, host: "eat.grill-own.test", cf_id: null }]);
    expect((await page("eat.grill-own.test", "/grill-house")).status).toBe(200);
  });

  it("removing never removes KV entries that point at another restaurant", async () => {
    expect((await add(owner, "menu.saffron-own.test")).status).toBe(200);
    // KV says otherwise (written by hand, or by a bug): saffron's removal leaves it alone.
    await env.HOSTS.put("host:menu.saffron-own.test", "grill-house");
    expect((await remove(owner)).status).toBe(200);
    expect(await env.HOSTS.get("host:menu.saffron-own.test")).toBe("grill-house");
    await env.HOSTS.delete("host:menu.saffron-own.test");
  });

  it("a host registered by hand for this restaurant is shown and removed like any", async () => {
    await env.HOSTS.put("host:old.saffron-own.test", "saffron");
    await env.HOSTS.put("domain-host:saffron", "old.saffron-own.test");
    expect((await json(await state(owner))).host).toBe("old.saffron-own.test");
    // Replacing it releases the old entry too.
    expect((await add(owner, "new.saffron-own.test")).status).toBe(200);
    expect(await env.HOSTS.get("host:old.saffron-own.test")).toBeNull();
    expect((await remove(owner)).status).toBe(200);
    await env.HOSTS.put("host:old.saffron-own.test", "saffron");
    await env.HOSTS.put("domain-host:saffron", "old.saffron-own.test");
    expect((await remove(owner)).status).toBe(200);
    expect(await env.HOSTS.get("host:old.saffron-own.test")).toBeNull();
  });
});

describe("two restaurants racing for one host", () => {
  it("50 concurrent registrations: exactly one restaurant gets it, the other gets 409s, KV agrees with D1", async () => {
    const attempts = Array.from({ length: 50 }, (_, i) => (i % 2 ? grillOwner : owner));
    const answers = await Promise.all(attempts.map((who) => add(who, "contested.own.test")));
    const statuses = answers.map((res) => res.status);
    const saffronStatuses = new Set(statuses.filter((_, i) => i % 2 === 0));
    const grillStatuses = new Set(statuses.filter((_, i) => i % 2 === 1));
    // Each restaurant got one answer for all its requests, and they differ: one won, one was refused.
    expect(saffronStatuses.size).toBe(1);
    expect(grillStatuses.size).toBe(1);
    expect([...saffronStatuses, ...grillStatuses].sort()).toEqual([200, 409]);
    const winner = saffronStatuses.has(200) ? { id: SAFFRON, domain: "saffron" } : { id: GRILL, domain: "grill-house" };
    expect(await rows()).toEqual([{ restaurant_id: winner.id, host: "contested.own.test", cf_id: null }]);
    expect(await env.HOSTS.get("host:contested.own.test")).toBe(winner.domain);
    expect(await env.HOSTS.get(`domain-host:${winner.domain === "saffron" ? "grill-house" : "saffron"}`)).not.toBe("contested.own.test");
  }, 30_000);
});

describe("Cloudflare for SaaS", { timeout: 20_000 }, () => {
  it("creates the custom hostname with the token, stores its id, shows its status, deletes it on removal", async () => {
    const settings = cloudflare();
    const res = await add(owner, "menu.saffron-cf.test", settings);
    expect(res.status).toBe(200);
    expect((await json(res)).state).toMatchObject({ host: "menu.saffron-cf.test", setup: "on", status: "pending" });
    const [create] = await received(settings.CF_ZONE_ID);
    expect(create).toMatchObject({
      method: "POST",
      path: `/client/v4/zones/${settings.CF_ZONE_ID}/custom_hostnames`,
      json: { hostname: "menu.saffron-cf.test", ssl: { method: "http", type: "dv" } },
    });
    expect(create!.headers.authorization).toBe(`Bearer ${CLOUDFLARE_STAND_IN_TOKEN}`);
    const [row] = await rows();
    expect(row?.cf_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await env.HOSTS.get("host:menu.saffron-cf.test")).toBe("saffron");

    // Replacing: the new one is created, the old one deleted; an active one says so.
    expect((await add(owner, "active.saffron-cf.test", settings)).status).toBe(200);
    expect((await json(await state(owner, settings))).status).toBe("active");
    const log = await received(settings.CF_ZONE_ID);
    expect(log.map((r) => `${r.method} ${r.path.split("/").slice(5).join("/")}`)).toEqual(
      expect.arrayContaining(["POST custom_hostnames", `DELETE custom_hostnames/${row!.cf_id}`]),
    );
    const [current] = await rows();
    expect((await remove(owner, settings)).status).toBe(200);
    expect((await received(settings.CF_ZONE_ID)).at(-1)).toMatchObject({
      method: "DELETE",
      path: `/client/v4/zones/${settings.CF_ZONE_ID}/custom_hostnames/${current!.cf_id}`,
    });
    expect(await rows()).toEqual([]);
    expect(await env.HOSTS.get("host:active.saffron-cf.test")).toBeNull();
  });

  it("a refusal or a timeout leaves nothing behind and says so (502 / 504)", async () => {
    const failing = cloudflare({ CF_ZONE_ID: zoneId("fail500") });
    const res = await add(owner, "menu.saffron-cf.test", failing);
    expect(res.status).toBe(502);
    expect(await json(res)).toEqual({ error: "provider", message: "Cloudflare refused the hostname: Internal error." });
    expect(await rows()).toEqual([]);
    expect(await env.HOSTS.get("host:menu.saffron-cf.test")).toBeNull();
    const slow = await add(owner, "menu.saffron-cf.test", cloudflare({ CF_ZONE_ID: zoneId("timeout") }));
    expect(slow.status).toBe(504);
    expect((await json(slow)).message).toMatch(/did not answer in time/);
    expect(await rows()).toEqual([]);
  });

  it("with only one of CF_API_TOKEN and CF_ZONE_ID: 503 with a message, said once in the log, nothing written", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const half of [
      { ...env, CF_API_TOKEN: CLOUDFLARE_STAND_IN_TOKEN, CF_ZONE_ID: "" },
      { ...env, CF_API_TOKEN: "", CF_ZONE_ID: zoneId() },
    ]) {
      for (let i = 0; i < 2; i++) {
        const res = await add(owner, "menu.saffron-cf.test", half);
        expect(res.status).toBe(503);
        expect(await json(res)).toEqual({ error: "unavailable", message: "Own domains are not fully set up on this site; please try again later." });
        expect((await remove(owner, half)).status).toBe(503);
      }
      expect((await json(await state(owner, half))).setup).toBe("half");
    }
    const messages = said.mock.calls.map((c) => String(c[0]));
    expect(messages.filter((m) => m.includes("CF_ZONE_ID is missing"))).toHaveLength(1);
    expect(messages.filter((m) => m.includes("CF_API_TOKEN is missing"))).toHaveLength(1);
    expect(await rows()).toEqual([]);
  });
});

describe("proof of ownership", () => {
  const claimOf = async (cookie: string) =>
    (await json(await state(cookie))).claim as { host: string; txt: { type: string; name: string; value: string }; expiresAt: number } | null;

  it("a claim routes nothing and blocks nobody; the TXT record's token proves it, and the prover gets the host", async () => {
    const host = `menu.${crypto.randomUUID().slice(0, 8)}.contested.test`;
    expect((await claim(owner, host)).status).toBe(200);
    const mine = (await claimOf(owner))!;
    expect(mine).toMatchObject({ host, txt: { type: "TXT", name: `_menu-verify.${host}` } });
    expect(mine.txt.value).toMatch(/^menu-verify=[\w-]{20,}$/);
    expect(mine.expiresAt - Date.now()).toBeGreaterThan((CLAIM_HOURS - 1) * 3_600_000);
    // Nothing is served and nothing is held: another restaurant may claim the same host.
    expect((await page(host, "/saffron/1")).status).toBe(404);
    expect(await env.HOSTS.get(`host:${host}`)).toBeNull();
    expect(await rows()).toEqual([]);
    expect((await claim(grillOwner, host)).status).toBe(200);
    const theirs = (await claimOf(grillOwner))!;
    expect(theirs.txt.value).not.toBe(mine.txt.value);

    // Not proven: no record, or someone else's token.
    expect((await prove(owner)).status).toBe(409);
    await publishTxt(mine.txt.name, theirs.txt.value);
    const unproven = await prove(owner);
    expect(unproven.status).toBe(409);
    expect(await json(unproven)).toMatchObject({ error: "unproven" });
    expect(await env.HOSTS.get(`host:${host}`)).toBeNull();

    // The one who controls the DNS publishes their token: the host is theirs, the other claim goes.
    const proven = await prove(grillOwner);
    expect(proven.status).toBe(200);
    expect((await json(proven)).state).toMatchObject({ host, status: "registered", claim: null });
    expect(await env.HOSTS.get(`host:${host}`)).toBe("grill-house");
    expect((await page(host, "/grill-house")).status).toBe(200);
    expect(await claimOf(owner)).toBeNull();
    expect((await claim(owner, host)).status).toBe(409);
    await publishTxt(mine.txt.name, null);
  });

  it("a resolver that fails is a 503 and changes nothing", async () => {
    const host = "menu.fail.saffron-dns.test";
    expect((await claim(owner, host)).status).toBe(200);
    const res = await prove(owner);
    expect(res.status).toBe(503);
    expect(await json(res)).toMatchObject({ error: "dns" });
    expect(await rows()).toEqual([]);
  });

  it(`an unproven claim expires after ${CLAIM_HOURS} hours (and the cron removes it)`, async () => {
    const host = "menu.saffron-expiring.test";
    expect((await claim(owner, host)).status).toBe(200);
    expect(await claimOf(owner)).not.toBeNull();
    expect(await expireClaims(env.DB, Date.now() + (CLAIM_HOURS - 1) * 3_600_000)).toBe(0);
    expect(await expireClaims(env.DB, Date.now() + (CLAIM_HOURS + 1) * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await claimOf(owner)).toBeNull();
    expect((await prove(owner)).status).toBe(404);
  });

  it("cancelling a claim leaves the proven host as it is", async () => {
    expect((await add(owner, "menu.saffron-kept.test")).status).toBe(200);
    expect((await claim(owner, "menu.saffron-next.test")).status).toBe(200);
    // The claim waits; the proven host still serves.
    expect((await page("menu.saffron-kept.test", "/saffron/1")).status).toBe(200);
    expect((await page("menu.saffron-next.test", "/saffron/1")).status).toBe(404);
  });
});
