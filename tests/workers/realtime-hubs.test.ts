// One channel server object per restaurant (docs/decisions/0038), proven on the objects: two
// restaurants' sockets live in two objects, a socket of one never hears the other's channels whatever
// it subscribes to, /chat has an object of its own, paths that are not domains reach no object, the
// trigger names its restaurant in its signed path, and the socket caps hold per hub and per network.
// Seed: saffron (restaurant 1, branch 1) and grill-house (restaurant 2, branch 3).
import { env, exports } from "cloudflare:workers";
import { listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { addressTag } from "../../worker/rules/network-key";
import { BOARD_EVENT, branchOrdersChannel, orderChannel, ORDER_STATUS_EVENT, restaurantHub, SITE_HUB, type Hub } from "../../worker/realtime/channels";
import { MAX_SOCKETS_PER_ADDRESS, OVER_CAPACITY } from "../../worker/realtime/channel-hub";
import { publish } from "../../worker/realtime/publish";
import { hubFor, ledgerFor } from "../../worker/realtime/settings";
import { MAX_SOCKETS_PER_NETWORK } from "../../worker/realtime/socket-ledger";
import { attempt, CHAT_SOCKET_URL, connect, socketUrl } from "./realtime-socket";
import { issueRestaurantKey } from "./restaurant-keys";
import { ordersOf } from "./restaurant-rows";
import { TEST_REALTIME_SECRET } from "./secrets";

const KEY = "menu-local-key";
const SAFFRON = restaurantHub("saffron");
const GRILL = restaurantHub("grill-house");
const GRILL_ID = 2;

/** A private channel's auth for a socket, made with the site's secret (as the console's endpoint signs). */
async function privateAuth(socketId: string, channel: string) {
  const { createHmac } = await import("node:crypto");
  return `${KEY}:${createHmac("sha256", TEST_REALTIME_SECRET).update(`${socketId}:${channel}`).digest("hex")}`;
}

/** The socket ids a hub object holds, read inside the object itself. */
const socketIdsIn = (hub: Hub) =>
  runInDurableObject(hubFor(env, hub), (_, state) => state.getWebSockets().map((ws) => (ws.deserializeAttachment() as { id: string } | null)?.id));

/** A trigger to `path` ({prefix}/apps/menu/events), signed for `signedPath` with node:crypto, spelled out. */
async function trigger(path: string, body: unknown, signedPath = path) {
  const { createHash, createHmac } = await import("node:crypto");
  const text = JSON.stringify(body);
  const query = `auth_key=${KEY}&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0&body_md5=${createHash("md5").update(text).digest("hex")}`;
  const signature = createHmac("sha256", TEST_REALTIME_SECRET).update(`POST\n${signedPath}\n${query}`).digest("hex");
  return exports.default.fetch(`http://localhost${path}?${query}&auth_signature=${signature}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: text,
  });
}

/** An order of grill-house written straight into its restaurant's object. */
async function grillOrder() {
  const publicId = crypto.randomUUID().replaceAll("-", "");
  const row = await ordersOf(GRILL_ID)
    .prepare(
      "INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, total_minor, currency, status, payment, paid, public_id) VALUES (2, 3, 1, 'Sara', '+971501234567', 1000, 'AED', 0, 'otp', 0, ?) RETURNING id",
    )
    .bind(publicId)
    .first<{ id: number }>();
  return { id: row!.id, publicId };
}

let grillKey: string;
beforeAll(async () => {
  grillKey = await issueRestaurantKey("grill-house");
});

describe("one hub object per restaurant", () => {
  it("puts two restaurants' sockets in two objects, and /chat's in a third", async () => {
    const [a, b, chat] = await Promise.all([connect(socketUrl(SAFFRON)), connect(socketUrl(GRILL)), connect(CHAT_SOCKET_URL)]);
    const ids = [hubFor(env, SAFFRON).id, hubFor(env, GRILL).id, hubFor(env, SITE_HUB).id].map(String);
    expect(new Set(ids).size).toBe(3);
    const listed = (await listDurableObjectIds(env.REALTIME)).map(String);
    for (const id of ids) expect(listed).toContain(id);
    const [inSaffron, inGrill, inSite] = await Promise.all([socketIdsIn(SAFFRON), socketIdsIn(GRILL), socketIdsIn(SITE_HUB)]);
    expect(inSaffron).toContain(a.socketId);
    expect(inSaffron).not.toContain(b.socketId);
    expect(inGrill).toContain(b.socketId);
    expect(inGrill).not.toContain(a.socketId);
    expect(inSite).toEqual([chat.socketId]);
  });

  it("answers a path that is not a well-formed domain with 404, reaching no object", async () => {
    const before = (await listDurableObjectIds(env.REALTIME)).length;
    for (const name of ["Saffron", "-dash", "under_score", "a".repeat(64), "dot.ted", "%2e%2e"]) {
      const res = await exports.default.fetch(`http://localhost/api/realtime/r/${name}/app/${KEY}?protocol=7`, { headers: { Upgrade: "websocket" } });
      expect(res.status, name).toBe(404);
      expect(res.webSocket).toBeNull();
      const posted = await trigger(`/api/realtime/r/${name}/apps/menu/events`, { name: "x", channel: "c", data: "x" });
      expect(posted.status, name).toBe(404);
    }
    expect(await listDurableObjectIds(env.REALTIME)).toHaveLength(before);
  });
});

describe("a socket of one restaurant cannot hear another's channels", () => {
  it("subscribed on saffron's hub to grill's order and (validly signed) board channels, it gets nothing of grill's publishes", async () => {
    const order = await grillOrder();
    const board = branchOrdersChannel(3);
    const [intruder, diner, grillBoard] = await Promise.all([connect(socketUrl(SAFFRON)), connect(socketUrl(GRILL)), connect(socketUrl(GRILL))]);
    await intruder.subscribe(orderChannel(order.publicId));
    intruder.send({ event: "pusher:subscribe", data: { channel: board, auth: await privateAuth(intruder.socketId, board) } });
    expect(await intruder.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded", channel: board });
    await diner.subscribe(orderChannel(order.publicId));
    grillBoard.send({ event: "pusher:subscribe", data: { channel: board, auth: await privateAuth(grillBoard.socketId, board) } });
    expect(await grillBoard.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded", channel: board });

    // Grill's own status call: the order's channel and the board are told, on grill's hub.
    const moved = await apiApp.request(
      "/orderStatus",
      {
        method: "POST",
        body: JSON.stringify({ domain: "grill-house", order_id: order.id, status: 1 }),
        headers: { "content-type": "application/json", "x-restaurant-key": grillKey },
      },
      env,
    );
    expect(moved.status).toBe(200);
    expect(await diner.next()).toMatchObject({ event: ORDER_STATUS_EVENT, channel: orderChannel(order.publicId) });
    expect(await grillBoard.next()).toMatchObject({ event: BOARD_EVENT, channel: board });
    // publish() and the trigger for grill reach grill's sockets only.
    await publish(env, { hub: GRILL, channels: [board, orderChannel(order.publicId)], event: "direct", data: "1" });
    expect(await grillBoard.next()).toEqual({ event: "direct", channel: board, data: "1" });
    expect(await diner.next()).toEqual({ event: "direct", channel: orderChannel(order.publicId), data: "1" });
    expect((await trigger("/api/realtime/r/grill-house/apps/menu/events", { name: "posted", channel: board, data: "2" })).status).toBe(200);
    expect(await grillBoard.next()).toEqual({ event: "posted", channel: board, data: "2" });
    await intruder.expectNothingPending();
  });

  it("refuses a trigger signed for one restaurant's path when sent to another's (401)", async () => {
    const listener = await connect(socketUrl(GRILL));
    await listener.subscribe("order-x");
    const body = { name: "forged", channel: "order-x", data: "x" };
    const res = await trigger("/api/realtime/r/grill-house/apps/menu/events", body, "/api/realtime/r/saffron/apps/menu/events");
    expect(res.status).toBe(401);
    await listener.expectNothingPending();
  });

  it("keeps /chat on the site's hub: restaurants' sockets on 'chat' hear nothing, and the unprefixed trigger serves only 'chat'", async () => {
    // A page built before hubs connects to the unprefixed /app/{key}: that is the site's hub too.
    const [chat, elsewhere, older] = await Promise.all([
      connect(CHAT_SOCKET_URL),
      connect(socketUrl(SAFFRON)),
      connect(`http://localhost/app/${KEY}?protocol=7`),
    ]);
    expect(await socketIdsIn(SITE_HUB)).toContain(older.socketId);
    await chat.subscribe("chat");
    await elsewhere.subscribe("chat");
    const sent = await exports.default.fetch("http://localhost/send_message?message=hello", { headers: { "cf-connecting-ip": "10.77.0.1" } });
    expect(sent.status).toBe(200);
    expect(await chat.next()).toMatchObject({ event: "MessageSent", channel: "chat" });
    expect((await trigger("/apps/menu/events", { name: "MessageSent", channel: "chat", data: "{}" })).status).toBe(200);
    expect(await chat.next()).toMatchObject({ event: "MessageSent", channel: "chat" });
    // A restaurant's channel on the unprefixed trigger would reach nobody: refused, naming the right path.
    const misrouted = await trigger("/apps/menu/events", { name: "status", channels: ["chat", "order-1"], data: "{}" });
    expect(misrouted.status).toBe(400);
    expect(await misrouted.json()).toEqual({ error: expect.stringContaining("/api/realtime/r/{domain}/apps/{app_id}/events") });
    await elsewhere.expectNothingPending();
    await chat.expectNothingPending();
  });
});

describe("socket caps across hubs", { timeout: 60_000 }, () => {
  type Attempt = Awaited<ReturnType<typeof attempt>>;
  const closeAll = (sockets: Attempt[]) => sockets.forEach((s) => s.ws.close(1000));
  const ledgerCount = (address: string) =>
    runInDurableObject(
      ledgerFor(env, addressTag(new Request("http://x", { headers: { "cf-connecting-ip": address } }))),
      (_, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM sockets").one().n,
    );

  it(`100 concurrent upgrades from 100 addresses of one /64 to one hub: exactly ${MAX_SOCKETS_PER_ADDRESS} are accepted`, async () => {
    const url = socketUrl(restaurantHub("cap-one-hub"));
    const tries = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(`2001:db8:50:1:${(i + 1).toString(16)}::7`, url)));
    const accepted = tries.filter((t) => t.established);
    try {
      expect(accepted).toHaveLength(MAX_SOCKETS_PER_ADDRESS);
      for (const r of tries.filter((t) => !t.established)) expect((await r.closed).code).toBe(OVER_CAPACITY);
      // The refused ones' claims were given back: the ledger holds the accepted only.
      expect(await ledgerCount("2001:db8:50:1::1")).toBe(MAX_SOCKETS_PER_ADDRESS);
    } finally {
      closeAll(accepted);
    }
  });

  it(`one /64 opening 120 sockets at once over 12 restaurants' hubs gets ${MAX_SOCKETS_PER_NETWORK} in all; another network is not affected; a close frees one slot`, async () => {
    const hubs = Array.from({ length: 12 }, (_, i) => restaurantHub(`cap-many-${i}`));
    const address = (i: number) => `2001:db8:60:1:${(i + 1).toString(16)}::9`;
    const tries = await Promise.all(Array.from({ length: 120 }, (_, i) => attempt(address(i), socketUrl(hubs[i % hubs.length]!))));
    const accepted = tries.filter((t) => t.established);
    try {
      expect(accepted).toHaveLength(MAX_SOCKETS_PER_NETWORK);
      for (const r of tries.filter((t) => !t.established)) {
        expect(r.first).toEqual({ event: "pusher:error", data: { code: OVER_CAPACITY, message: expect.stringContaining("per client network") } });
        expect((await r.closed).code).toBe(OVER_CAPACITY);
      }
      expect(await ledgerCount(address(0))).toBe(MAX_SOCKETS_PER_NETWORK);
      // Full everywhere for this network, on a hub it never used too; another network connects.
      expect((await attempt(address(500), socketUrl(restaurantHub("cap-many-new")))).established).toBe(false);
      const other = await attempt("2001:db8:61:1::1", socketUrl(hubs[0]!));
      expect(other.established).toBe(true);
      other.ws.close(1000);
      // A close on one hub frees one slot, usable on another hub.
      const [one] = accepted.splice(0, 1);
      one!.ws.close(1000);
      await one!.closed;
      await expect.poll(() => ledgerCount(address(0))).toBe(MAX_SOCKETS_PER_NETWORK - 1);
      const again = await attempt(address(501), socketUrl(restaurantHub("cap-many-new")));
      expect(again.established).toBe(true);
      accepted.push(again);
      expect((await attempt(address(502), socketUrl(hubs[5]!))).established).toBe(false);
    } finally {
      closeAll(accepted);
    }
  });

  it("lets a socket in uncounted when the network's ledger cannot answer (no 500)", async () => {
    const first = await runInDurableObject(hubFor(env, restaurantHub("ledger-down")), async (instance: { env: Env; fetch(r: Request): Promise<Response> }) => {
      const failing = {
        idFromName: () => ({}),
        get: () => ({ claim: () => Promise.reject(new Error("ledger down")), release: () => Promise.reject(new Error("ledger down")) }),
      };
      instance.env = { ...instance.env, SOCKET_LEDGER: failing as unknown as Env["SOCKET_LEDGER"] };
      const res = await instance.fetch(new Request("http://x/", { headers: { Upgrade: "websocket", "cf-connecting-ip": "198.51.100.91" } }));
      const ws = res.webSocket!;
      const frame = new Promise<string>((resolve) => ws.addEventListener("message", (e) => resolve(e.data as string), { once: true }));
      ws.accept();
      return { status: res.status, frame: JSON.parse(await frame) as { event: string } };
    });
    expect(first).toEqual({ status: 101, frame: expect.objectContaining({ event: "pusher:connection_established" }) });
  });

  it("forgets claims whose close was never reported: a hub's own list drops them after a minute, and any after a day", async () => {
    const address = "198.51.100.77";
    const hub = restaurantHub("cap-orphans");
    const hubId = hubFor(env, hub).id.toString();
    const ledger = ledgerFor(env, addressTag(new Request("http://x", { headers: { "cf-connecting-ip": address } })));
    // As after a restart under the sockets: the ledger is full of claims nobody will release.
    await runInDurableObject(ledger, (instance: { claim(hub: string, id: string, open: string[]): boolean }, state) => {
      for (let i = 0; i < MAX_SOCKETS_PER_NETWORK - 10; i++) instance.claim(hubId, `9.${i}`, []);
      for (let i = 0; i < 10; i++) instance.claim("another-hub", `8.${i}`, []);
      state.storage.sql.exec("UPDATE sockets SET at = at - 2 * 60 * 1000 WHERE hub = ?", hubId);
      state.storage.sql.exec("UPDATE sockets SET at = at - 25 * 60 * 60 * 1000 WHERE hub = 'another-hub'");
    });
    expect(await ledgerCount(address)).toBe(MAX_SOCKETS_PER_NETWORK);
    // The next upgrade to that hub tells the ledger which it really holds (none): the orphans go.
    const fresh = await attempt(address, socketUrl(hub));
    try {
      expect(fresh.established).toBe(true);
      expect(await ledgerCount(address)).toBe(1);
    } finally {
      fresh.ws.close(1000);
    }
  });
});
