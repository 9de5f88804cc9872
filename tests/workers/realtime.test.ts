// The realtime channel server in workerd with the real ChannelHub Durable Object: the Pusher
// protocol frames pusher-js expects, the signed HTTP trigger, and publish().
import { env, exports } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { externalTriggerRequest, publish } from "../../worker/realtime/publish";
import { contentSecurityPolicy } from "../../worker/edge/security";
import { externalRealtime, hubFor, realtimeOrigins } from "../../worker/realtime/settings";
import { hmacSha256Hex } from "../../worker/rules/hmac";
import { md5Hex, signTrigger, stringToSign } from "../../worker/realtime/signature";
import { MAX_SOCKETS_PER_ADDRESS, OVER_CAPACITY } from "../../worker/realtime/channel-hub";
import { restaurantHub, SITE_HUB } from "../../worker/realtime/channels";
import { attempt, CHAT_SOCKET_URL, connect, SOCKET_URL } from "./realtime-socket";
import { TEST_REALTIME_SECRET } from "./secrets";

const KEY = "menu-local-key";
const APP_ID = "menu";
/** connect()'s hub (saffron's) and the trigger path that names it. */
const HUB = restaurantHub("saffron");
const TRIGGER_PATH = `/api/realtime/r/saffron/apps/${APP_ID}/events`;

/** Signs independently of worker/realtime/signature.ts (node:crypto, the string to sign spelled out). */
async function nodeSignedQuery(body: string, options: { secret?: string; timestamp?: number; md5Of?: string } = {}) {
  const { createHash, createHmac } = await import("node:crypto");
  const md5 = createHash("md5")
    .update(options.md5Of ?? body)
    .digest("hex");
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const query = `auth_key=${KEY}&auth_timestamp=${timestamp}&auth_version=1.0&body_md5=${md5}`;
  const signature = createHmac("sha256", options.secret ?? TEST_REALTIME_SECRET)
    .update(`POST\n${TRIGGER_PATH}\n${query}`)
    .digest("hex");
  return `${query}&auth_signature=${signature}`;
}

async function trigger(body: unknown, options: Parameters<typeof nodeSignedQuery>[1] = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return exports.default.fetch(`http://localhost${TRIGGER_PATH}?${await nodeSignedQuery(text, options)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: text,
  });
}

describe("Pusher protocol over the ChannelHub", () => {
  it("greets with connection_established carrying a socket id and activity timeout", async () => {
    const a = await connect();
    const b = await connect();
    expect(a.socketId).toMatch(/^\d+\.\d+$/);
    expect(a.socketId).not.toBe(b.socketId);
    expect(a.activityTimeout).toBe(120);
  });

  it("subscribes to a public channel and answers pings with pongs", async () => {
    const s = await connect();
    await s.subscribe("menu-updates");
    s.send({ event: "pusher:ping", data: {} });
    expect(await s.next()).toEqual({ event: "pusher:pong", data: {} });
    // A ping that is not byte-identical to pusher-js's still gets its pong (from webSocketMessage).
    s.send('{ "event": "pusher:ping", "data": "{}" }');
    expect(await s.next()).toEqual({ event: "pusher:pong", data: {} });
  });

  it("answers bad JSON, unknown events and client events with pusher:error and stays open", async () => {
    const s = await connect();
    s.send("{not json");
    expect(await s.next()).toMatchObject({ event: "pusher:error", data: { message: "Invalid JSON" } });
    s.send({ data: {} });
    expect(await s.next()).toMatchObject({ event: "pusher:error" });
    s.send({ event: "pusher:what", data: {} });
    expect(await s.next()).toMatchObject({ event: "pusher:error", data: { message: expect.stringContaining("Unsupported event") } });
    await s.subscribe("menu-updates");
    s.send({ event: "client-typing", channel: "menu-updates", data: {} });
    expect(await s.next()).toMatchObject({ event: "pusher:error", data: { message: expect.stringContaining("Client events") } });
    await s.expectNothingPending();
  });

  it("refuses private and presence channels and invalid channel names", async () => {
    const s = await connect();
    for (const channel of ["private-orders", "presence-room", "private-encrypted-x"]) {
      s.send({ event: "pusher:subscribe", data: { auth: "key:sig", channel } });
      expect(await s.next()).toMatchObject({ event: "pusher:subscription_error", channel, data: { type: "AuthError", status: 403 } });
    }
    for (const channel of ["has space", "x".repeat(165), "slash/channel", ""]) {
      s.send({ event: "pusher:subscribe", data: { channel } });
      expect(await s.next()).toMatchObject({ event: "pusher:error", data: { message: "Invalid channel name" } });
    }
    // The longest legal name with every allowed punctuation character is accepted.
    await s.subscribe(`a_-=@,.;${"b".repeat(156)}`);
  });

  it("refuses a plain GET (426) and an unknown key (404)", async () => {
    const plain = await exports.default.fetch(SOCKET_URL);
    expect(plain.status).toBe(426);
    const wrongKey = await exports.default.fetch("http://localhost/api/realtime/r/saffron/app/other-key?protocol=7", { headers: { Upgrade: "websocket" } });
    expect(wrongKey.status).toBe(404);
    expect(wrongKey.webSocket).toBeNull();
  });
});

describe("sockets per client address", () => {
  const CAP = MAX_SOCKETS_PER_ADDRESS;
  type Attempt = Awaited<ReturnType<typeof attempt>>;
  const closeAll = (sockets: Attempt[]) => sockets.forEach((s) => s.ws.close(1000));

  it(`accepts exactly ${CAP} of ${CAP + 20} concurrent sockets from one address; others still connect; a close frees a slot`, async () => {
    const address = "198.51.100.7";
    const tries = await Promise.all(Array.from({ length: CAP + 20 }, () => attempt(address)));
    const accepted = tries.filter((t) => t.established);
    const refused = tries.filter((t) => !t.established);
    try {
      expect(accepted).toHaveLength(CAP);
      expect(refused).toHaveLength(20);
      for (const r of refused) {
        expect(r.first).toEqual({ event: "pusher:error", data: { code: OVER_CAPACITY, message: expect.stringContaining("Over capacity") } });
        expect((await r.closed).code).toBe(OVER_CAPACITY);
      }
      // The address stays full; another address is not affected.
      const [one] = accepted;
      const other = await attempt("198.51.100.8");
      expect(other.established).toBe(true);
      other.ws.close(1000);
      expect((await attempt(address)).established).toBe(false);
      // Closing one frees its slot, for one socket only.
      one!.ws.close(1000);
      await one!.closed;
      const again = await attempt(address);
      expect(again.established).toBe(true);
      accepted.push(again);
      expect((await attempt(address)).established).toBe(false);
    } finally {
      closeAll(accepted);
    }
  });

  it("counts an IPv6 client by its /64 (one client picks any address in it)", async () => {
    const tries = await Promise.all(Array.from({ length: CAP + 5 }, (_, i) => attempt(`2001:db8:7:1:${(i + 1).toString(16)}::1`)));
    const accepted = tries.filter((t) => t.established);
    try {
      expect(accepted).toHaveLength(CAP);
      const written = await attempt("2001:0DB8:0007:0001:ffff:ffff:ffff:ffff"); // same /64, spelled out
      expect(written.established).toBe(false);
      const neighbour = await attempt("2001:db8:7:2::1"); // the next /64
      expect(neighbour.established).toBe(true);
      accepted.push(neighbour);
    } finally {
      closeAll(accepted);
    }
  });

  it("uses a close code that pusher-js answers by backing off and reconnecting, not by giving up", async () => {
    // pusher-js's own source (not part of its typed API, so the specifier is not a literal for tsc).
    const source: string = "pusher-js/src/core/connection/protocol/protocol";
    const { default: Protocol } = (await import(/* @vite-ignore */ source)) as { default: { getCloseAction(e: { code: number }): string | null } };
    expect(Protocol.getCloseAction({ code: OVER_CAPACITY })).toBe("backoff");
    expect(Protocol.getCloseAction({ code: 4004 })).toBe("refused"); // what a 4000-4099 code would do
  });
});

describe("the signed HTTP trigger", () => {
  it("delivers to every socket on the channel, not to other channels, and skips socket_id", async () => {
    const [a, b, other, excluded] = await Promise.all([connect(), connect(), connect(), connect()]);
    await a.subscribe("order-42");
    await b.subscribe("order-42");
    await other.subscribe("order-43");
    await excluded.subscribe("order-42");

    const res = await trigger({ name: "status", channel: "order-42", data: '{"status":"ready"}', socket_id: excluded.socketId });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const expected = { event: "status", channel: "order-42", data: '{"status":"ready"}' };
    expect(await a.next()).toEqual(expected);
    expect(await b.next()).toEqual(expected);
    await other.expectNothingPending();
    await excluded.expectNothingPending();

    // One trigger to several channels; an unsubscribed socket no longer receives.
    b.send({ event: "pusher:unsubscribe", data: { channel: "order-42" } });
    await b.expectNothingPending();
    expect((await trigger({ name: "bump", channels: ["order-42", "order-43"], data: "1" })).status).toBe(200);
    expect(await a.next()).toEqual({ event: "bump", channel: "order-42", data: "1" });
    expect(await other.next()).toEqual({ event: "bump", channel: "order-43", data: "1" });
    await b.expectNothingPending();
  });

  it("keeps subscriptions across hibernation (they live in the socket attachments)", async () => {
    const s = await connect();
    await s.subscribe("hibernating");
    await evictDurableObject(hubFor(env, HUB));
    expect((await trigger({ name: "wake", channel: "hibernating", data: "x" })).status).toBe(200);
    expect(await s.next()).toEqual({ event: "wake", channel: "hibernating", data: "x" });
  });

  it("refuses a wrong signature, a stale timestamp and a body that is not the signed one (401)", async () => {
    const s = await connect();
    await s.subscribe("guarded");
    const body = { name: "evil", channel: "guarded", data: "x" };
    const cases = [
      { options: { secret: "wrong-secret" }, error: "Invalid auth_signature" },
      { options: { timestamp: Math.floor(Date.now() / 1000) - 601 }, error: "Missing or expired auth_timestamp" },
      { options: { md5Of: "another body" }, error: "body_md5 does not match the body" },
    ];
    for (const { options, error } of cases) {
      const res = await trigger(body, options);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error });
    }
    const unsigned = await exports.default.fetch(`http://localhost${TRIGGER_PATH}`, { method: "POST", body: JSON.stringify(body) });
    expect(unsigned.status).toBe(401);
    await s.expectNothingPending();
  });

  it("answers bad bodies with 400, oversized data with 413 and an unknown app id with 404", async () => {
    expect((await trigger("{oops")).status).toBe(400);
    expect((await trigger({ name: "x", data: "x" })).status).toBe(400); // no channel
    expect((await trigger({ name: "x", data: { not: "a string" }, channel: "c" })).status).toBe(400);
    expect((await trigger({ name: "pusher:connection_established", data: "x", channel: "c" })).status).toBe(400);
    expect((await trigger({ name: "x", data: "x", channels: Array.from({ length: 101 }, (_, i) => `c${i}`) })).status).toBe(400);
    expect((await trigger({ name: "x", data: "é".repeat(5121), channel: "c" })).status).toBe(413);
    expect((await trigger({ name: "x", data: "x".repeat(10240), channel: "c" })).status).toBe(200);
    const text = JSON.stringify({ name: "x", data: "x", channel: "c" });
    const query = await signTrigger({ appId: "other", key: KEY, secret: TEST_REALTIME_SECRET, body: text });
    expect((await exports.default.fetch(`http://localhost/api/realtime/r/saffron/apps/other/events?${query}`, { method: "POST", body: text })).status).toBe(
      404,
    );
  });
});

describe("signing and publish()", () => {
  it("matches pusher-http-node's reference signature", async () => {
    // From pusher-http-node's tests: key f00d, secret beef, GET /event, body "example body", t=1234567890.
    const md5 = await md5Hex("example body");
    expect(md5).toBe("165d5e6d7ca8f73b3853ce45addf42fc");
    const params: [string, string][] = [
      ["auth_version", "1.0"],
      ["body_md5", md5],
      ["auth_key", "f00d"],
      ["auth_timestamp", "1234567890"],
    ];
    expect(await hmacSha256Hex("beef", stringToSign("GET", "/event", params))).toBe("89323a7f200fdefaa992e73e0953534dbb94c4dd2450514bcb4721b28b14fb26");
  });

  it("publishes through the local hub without HTTP", async () => {
    const s = await connect();
    await s.subscribe("kitchen");
    await publish(env, { hub: HUB, channel: "kitchen", event: "order", data: { id: 7 } });
    expect(await s.next()).toEqual({ event: "order", channel: "kitchen", data: '{"id":7}' });
    await expect(publish(env, { hub: HUB, channel: "bad channel", event: "x", data: "" })).rejects.toThrow(/publish/);
  });

  it("signs external triggers so that a Pusher-compatible server (this one) accepts them", async () => {
    // An external service has no hubs: its trigger has no prefix, which here is the site's hub (chat).
    const s = await connect(CHAT_SOCKET_URL);
    await s.subscribe("chat");
    // This worker stands in for a self-hosted Pusher-compatible service at localhost:80.
    const asExternal = {
      ...env,
      PUSHER_KEY: KEY,
      PUSHER_APP_ID: APP_ID,
      PUSHER_SECRET: TEST_REALTIME_SECRET,
      PUSHER_HOST: "localhost",
      PUSHER_PORT: "80",
      PUSHER_TLS: "false",
    };
    const request = await externalTriggerRequest(externalRealtime(asExternal)!, {
      hub: restaurantHub("saffron"),
      channels: ["chat"],
      event: "hello",
      data: "hi",
    });
    expect(request.url).toMatch(/^http:\/\/localhost(:80)?\/apps\/menu\/events\?auth_key=menu-local-key&/);
    const res = await exports.default.fetch(request);
    expect(res.status).toBe(200);
    expect(await s.next()).toEqual({ event: "hello", channel: "chat", data: "hi" });
    const pusherCom = externalRealtime({ ...env, PUSHER_KEY: "k", PUSHER_APP_ID: "1", PUSHER_CLUSTER: "eu", PUSHER_SECRET: "s" })!;
    expect(new URL((await externalTriggerRequest(pusherCom, { hub: SITE_HUB, channel: "c", event: "e", data: "" })).url).origin).toBe(
      "https://api-eu.pusher.com",
    );
  });
});

describe("pages' Content-Security-Policy", () => {
  it("lets pages connect to an external service only when one is configured", async () => {
    expect(realtimeOrigins(env)).toEqual([]);
    expect(realtimeOrigins({ ...env, PUSHER_KEY: "k", PUSHER_CLUSTER: "eu" })).toEqual(["wss://ws-eu.pusher.com", "https://sockjs-eu.pusher.com"]);
    expect(realtimeOrigins({ ...env, PUSHER_KEY: "k", PUSHER_HOST: "soketi.example.com", PUSHER_PORT: "6001", PUSHER_TLS: "false" })).toEqual([
      "ws://soketi.example.com:6001",
    ]);
    expect(contentSecurityPolicy("n", { img: [], connect: ["wss://ws-eu.pusher.com"] })).toContain("connect-src 'self' wss://ws-eu.pusher.com;");
    // The own server is on the page's host: 'self' alone.
    const page = await exports.default.fetch("http://localhost/chat");
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self';");
  });
});

describe("GET /api/realtime/config", () => {
  it("describes the site's own server, without any secret", async () => {
    const res = await exports.default.fetch("https://localhost/api/realtime/config");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ key: KEY, app_id: APP_ID, host: "localhost", port: 443, tls: true, cluster: "local", hub_paths: true });
    expect(text).not.toContain(TEST_REALTIME_SECRET);
    expect(text).not.toMatch(/secret/i);
    const plain = await (await exports.default.fetch("http://127.0.0.1:8787/api/realtime/config")).json();
    expect(plain).toMatchObject({ host: "127.0.0.1", port: 8787, tls: false });
  });
});
