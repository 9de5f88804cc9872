// Private channels end to end in workerd: the console's auth endpoint (POST /console/realtime/auth)
// signs a branch's order stream only for that branch's staff, and the ChannelHub lets a socket in
// only with the signature made for its own socket id and that channel. Seed: saffron (restaurant 1,
// branches 1 and 2) and grill-house (restaurant 2, branch 3).
import { createExecutionContext, evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../worker/rules/roles";
import worker from "../../worker/index";
import { BOARD_EVENT, branchOrdersChannel, restaurantHub } from "../../worker/realtime/channels";
import { publish } from "../../worker/realtime/publish";
import { hubFor } from "../../worker/realtime/settings";
import { connect } from "./realtime-socket";
import { seedMember } from "./console-members";
import { TEST_REALTIME_SECRET } from "./secrets";

const KEY = "menu-local-key";
/** Saffron's own hub, where its boards connect (connect()'s default). */
const SAFFRON_HUB = restaurantHub("saffron");
const SAFFRON = 1;
const GRILL = 2;

/** The signature spelled out with node:crypto, independently of worker/realtime/private-auth.ts. */
async function nodeAuth(socketId: string, channel: string, secret = TEST_REALTIME_SECRET, key = KEY) {
  const { createHmac } = await import("node:crypto");
  return `${key}:${createHmac("sha256", secret).update(`${socketId}:${channel}`).digest("hex")}`;
}

interface Person {
  personId: number;
  cookie: string;
}

const member = (restaurantId: number, role: Role, branchIds: number[] = [], personId?: number) => seedMember(restaurantId, role, branchIds, personId);

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
/** pusher-js's ajax authoriser's call: a same-origin form post with socket_id and channel_name. */
function askAuth(who: Person | null, fields: Record<string, string>, headers: Record<string, string> = {}, environment?: Env) {
  const request = new Request("http://localhost/console/realtime/auth", {
    method: "POST",
    redirect: "manual",
    body: form(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(who ? { cookie: who.cookie } : {}), ...headers },
  });
  return environment ? worker.fetch(request, environment, createExecutionContext()) : exports.default.fetch(request);
}

/** The auth the endpoint gives `who` for a socket and channel (expects 200). */
async function authFor(who: Person, socketId: string, channel: string): Promise<string> {
  const res = await askAuth(who, { socket_id: socketId, channel_name: channel });
  expect(res.status).toBe(200);
  return ((await res.json()) as { auth: string }).auth;
}

let staff1: Person; // saffron staff in branch 1 only
let manager: Person; // saffron manager: every saffron branch
let grillOwner: Person;
let both: Person; // saffron owner who is also grill staff in branch 3
beforeAll(async () => {
  staff1 = await member(SAFFRON, "staff", [1]);
  manager = await member(SAFFRON, "manager");
  grillOwner = await member(GRILL, "owner");
  both = await member(SAFFRON, "owner");
  await member(GRILL, "staff", [3], both.personId);
});

describe("the auth endpoint", () => {
  it("signs the branch's channel for its staff, for exactly their socket and that channel", async () => {
    const socketId = "1234.5678";
    const channel = branchOrdersChannel(1);
    const res = await askAuth(staff1, { socket_id: socketId, channel_name: channel });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ auth: await nodeAuth(socketId, channel) });
    // A manager works in every branch of their restaurant.
    expect(await authFor(manager, socketId, branchOrdersChannel(2))).toBe(await nodeAuth(socketId, branchOrdersChannel(2)));
  });

  it("refuses staff of another branch, members of another restaurant, and no session (403 JSON, never a redirect)", async () => {
    const cases: [Person | null, number][] = [
      [staff1, 2], // same restaurant, not their branch
      [staff1, 3], // another restaurant's branch
      [manager, 3],
      [grillOwner, 1],
      [null, 1],
      [manager, 999_999], // no such branch
    ];
    for (const [who, branch] of cases) {
      const res = await askAuth(who, { socket_id: "1.2", channel_name: branchOrdersChannel(branch) });
      expect(res.status, `branch ${branch}`).toBe(403);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("location")).toBeNull();
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.error).toEqual(expect.any(String));
      expect(body.auth).toBeUndefined();
    }
  });

  it("signs only for the restaurant the console is working in", async () => {
    // Working in saffron (the restaurant cookie): grill's branch 3 is refused even though they staff it.
    const inSaffron = { ...both, cookie: `${both.cookie}; consoleRestaurant=${SAFFRON}` };
    expect((await askAuth(inSaffron, { socket_id: "1.2", channel_name: branchOrdersChannel(3) })).status).toBe(403);
    expect((await askAuth(inSaffron, { socket_id: "1.2", channel_name: branchOrdersChannel(2) })).status).toBe(200);
    // Working in grill as staff of branch 3: only branch 3.
    const inGrill = { ...both, cookie: `${both.cookie}; consoleRestaurant=${GRILL}` };
    expect((await askAuth(inGrill, { socket_id: "1.2", channel_name: branchOrdersChannel(3) })).status).toBe(200);
    expect((await askAuth(inGrill, { socket_id: "1.2", channel_name: branchOrdersChannel(1) })).status).toBe(403);
  });

  it("answers a bad form or a channel it does not offer with 400", async () => {
    const bad: Record<string, string>[] = [
      {},
      { channel_name: branchOrdersChannel(1) },
      { socket_id: "1.2" },
      { socket_id: "abc", channel_name: branchOrdersChannel(1) },
      // A socket id with a colon would sign another string (GHSA-7v7m-pcw5-h3cg).
      { socket_id: "1.2:private-branch-2-orders", channel_name: branchOrdersChannel(1) },
      { socket_id: "1.2", channel_name: "private-orders" },
      { socket_id: "1.2", channel_name: "presence-branch-1-orders" },
      { socket_id: "1.2", channel_name: "private-branch-01-orders" },
      { socket_id: "1.2", channel_name: "private-branch-1-orders:x" },
      { socket_id: "1.2", channel_name: "branch-1-orders" },
    ];
    for (const fields of bad) {
      const res = await askAuth(manager, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(((await res.json()) as { auth?: string }).auth).toBeUndefined();
    }
    const notAForm = await exports.default.fetch("http://localhost/console/realtime/auth", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", cookie: manager.cookie },
    });
    expect(notAForm.status).toBe(400);
  });

  it("refuses other methods and cross-site calls", async () => {
    const get = await exports.default.fetch("http://localhost/console/realtime/auth", { headers: { cookie: manager.cookie } });
    expect(get.status).toBe(405);
    const fields = { socket_id: "1.2", channel_name: branchOrdersChannel(1) };
    expect((await askAuth(manager, fields, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await askAuth(manager, fields, { "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await askAuth(manager, fields, { origin: "https://evil.example" })).status).toBe(403);
    expect((await askAuth(manager, fields, { "sec-fetch-site": "same-origin", origin: "http://localhost" })).status).toBe(200);
  });

  it("signs with the external service's key and secret when PUSHER_KEY is set; without any secret it refuses (503)", async () => {
    const fields = { socket_id: "9.9", channel_name: branchOrdersChannel(1) };
    const external = { ...env, PUSHER_KEY: "ext-key", PUSHER_SECRET: "ext-secret", PUSHER_CLUSTER: "eu" } as Env;
    const res = await askAuth(manager, fields, {}, external);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ auth: await nodeAuth("9.9", branchOrdersChannel(1), "ext-secret", "ext-key") });
    const unset = { ...env, ENVIRONMENT: "production", REALTIME_SECRET: "" } as Env;
    const none = await askAuth(manager, fields, {}, unset);
    expect(none.status).toBe(503);
    expect(((await none.json()) as { auth?: string }).auth).toBeUndefined();
  });

  it("is not there when an external backend (UPSTREAM_URL) runs the restaurants (404)", async () => {
    const res = await askAuth(manager, { socket_id: "1.2", channel_name: branchOrdersChannel(1) }, {}, { ...env, UPSTREAM_URL: "https://backend.example/api" });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 50 concurrent calls, allowed and refused, each correctly (no 500)", async () => {
    const calls = Array.from({ length: 50 }, (_, i) => {
      const socketId = `${1000 + i}.${i}`;
      const [who, branch, expected] = i % 3 === 0 ? [staff1, 2, 403] : i % 3 === 1 ? [staff1, 1, 200] : [grillOwner, 3, 200];
      return { socketId, branch, expected, res: askAuth(who as Person, { socket_id: socketId, channel_name: branchOrdersChannel(branch as number) }) };
    });
    for (const call of calls) {
      const res = await call.res;
      expect(res.status).toBe(call.expected);
      const body = (await res.json()) as { auth?: string };
      if (call.expected === 200) expect(body.auth).toBe(await nodeAuth(call.socketId, branchOrdersChannel(call.branch as number)));
    }
  });
});

describe("private subscriptions on the channel server", () => {
  const channel = branchOrdersChannel(1);
  const subscribeWith = (s: Awaited<ReturnType<typeof connect>>, auth: unknown, name = channel) =>
    s.send({ event: "pusher:subscribe", data: { auth, channel: name } });
  const refusal = (name = channel) => ({
    event: "pusher:subscription_error",
    channel: name,
    data: { type: "AuthError", status: 403, error: expect.any(String) },
  });

  it("lets the branch's staff in with the endpoint's auth; public, forged, other-socket and other-channel subscribers get nothing", async () => {
    const [board, publicOne, forged, thief, sideways] = await Promise.all([connect(), connect(), connect(), connect(), connect()]);
    subscribeWith(board, await authFor(staff1, board.socketId, channel));
    expect(await board.next()).toEqual({ event: "pusher_internal:subscription_succeeded", channel, data: "{}" });

    // Without auth, as a public channel would be asked for.
    subscribeWith(publicOne, "");
    expect(await publicOne.next()).toEqual(refusal());
    // The same name without "private-" is just another public channel, which nobody publishes on.
    await publicOne.subscribe("branch-1-orders");
    // Signed with another secret.
    subscribeWith(forged, await nodeAuth(forged.socketId, channel, "guessed-secret"));
    expect(await forged.next()).toEqual(refusal());
    // Another socket's auth (the board's), as it is and with the right key in front.
    subscribeWith(thief, await authFor(staff1, board.socketId, channel));
    expect(await thief.next()).toEqual(refusal());
    // Auth for the right socket but another channel of the same restaurant, presented for branch 1 and branch 2.
    const forBranch2 = await authFor(manager, sideways.socketId, branchOrdersChannel(2));
    subscribeWith(sideways, forBranch2);
    expect(await sideways.next()).toEqual(refusal());
    // Another app key in front of a valid signature, and a malformed auth.
    subscribeWith(sideways, (await nodeAuth(sideways.socketId, channel)).replace(KEY, "other-key"));
    expect(await sideways.next()).toEqual(refusal());
    subscribeWith(sideways, { not: "a string" });
    expect(await sideways.next()).toEqual(refusal());

    const data = JSON.stringify({ order_id: 77, status: "pending" });
    await publish(env, { hub: SAFFRON_HUB, channel, event: BOARD_EVENT, data });
    expect(await board.next()).toEqual({ event: BOARD_EVENT, channel, data });
    for (const s of [publicOne, forged, thief, sideways]) await s.expectNothingPending();
    await board.expectNothingPending();
  });

  it("keeps refusing presence and encrypted channels, and client events", async () => {
    const s = await connect();
    for (const name of ["presence-branch-1-orders", "private-encrypted-branch-1-orders"]) {
      subscribeWith(s, await nodeAuth(s.socketId, name), name);
      expect(await s.next()).toEqual(refusal(name));
    }
    subscribeWith(s, await authFor(staff1, s.socketId, channel));
    expect(await s.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded", channel });
    s.send({ event: "client-typing", channel, data: {} });
    expect(await s.next()).toMatchObject({ event: "pusher:error", data: { message: expect.stringContaining("Client events") } });
    await s.expectNothingPending();
  });

  it("keeps a private subscription across hibernation", async () => {
    const s = await connect();
    subscribeWith(s, await authFor(manager, s.socketId, branchOrdersChannel(2)), branchOrdersChannel(2));
    expect(await s.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded" });
    await evictDurableObject(hubFor(env, SAFFRON_HUB));
    await publish(env, { hub: SAFFRON_HUB, channel: branchOrdersChannel(2), event: BOARD_EVENT, data: "woke" });
    expect(await s.next()).toEqual({ event: BOARD_EVENT, channel: branchOrdersChannel(2), data: "woke" });
  });
});
