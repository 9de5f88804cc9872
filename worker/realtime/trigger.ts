// The channel server's HTTP side, mounted by worker/index.ts before React Router:
//   GET  /app/{key}            pusher-js's WebSocket, handed to the key's ChannelHub
//   POST /apps/{appId}/events  Pusher's signed HTTP trigger (a backend publishes an event)
//   GET  /api/realtime/config  what a browser needs to connect (never a secret)
import { Hono } from "hono";
import * as v from "valibot";
import { localRealtime, externalRealtime, hubFor, ChannelName, MAX_DATA_BYTES, MAX_TRIGGER_CHANNELS, SocketId } from "./settings";
import { missingSecretAnswer } from "../missing-secret";
import { md5Hex, hmacSha256Hex, stringToSign, timingSafeEqualHex } from "./signature";

/** Timestamps further than this from now are refused (Pusher uses 600 s too). */
const MAX_SKEW_SECONDS = 600;
/** Bodies are read into memory; a trigger is far smaller than this. */
const MAX_BODY_BYTES = 64 * 1024;

/** Pusher's trigger body: one channel or a list, data as a string. */
export const TriggerBody = v.pipe(
  v.object({
    // "pusher:" and "pusher_internal:" are the protocol's own events; a trigger must not forge them.
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.check((n) => !n.startsWith("pusher"), "reserved event name")),
    data: v.pipe(v.string(), v.check((d) => new TextEncoder().encode(d).length <= MAX_DATA_BYTES, "data too large")),
    channel: v.optional(ChannelName),
    channels: v.optional(v.pipe(v.array(ChannelName), v.minLength(1), v.maxLength(MAX_TRIGGER_CHANNELS))),
    socket_id: v.optional(SocketId),
  }),
  v.check((b) => (b.channel === undefined) !== (b.channels === undefined), "give channel or channels"),
);

export const realtimeApp = new Hono<{ Bindings: Env }>();

realtimeApp.get("/app/:key", async (c) => {
  const { key } = localRealtime(c.env);
  if (c.req.param("key") !== key) return c.json({ error: "Unknown app key" }, 404);
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.json({ error: "Expected Upgrade: websocket" }, 426);
  // The hub's 101 carries the socket; it must reach the client as it is (see the middleware).
  // The request goes as it came, with CF-Connecting-IP: the hub caps sockets per client address.
  return hubFor(c.env, key).fetch(c.req.raw);
});

realtimeApp.post("/apps/:appId/events", async (c) => {
  const local = localRealtime(c.env);
  if (!local.secret) return missingSecretAnswer("REALTIME_SECRET");
  if (c.req.param("appId") !== local.appId) return c.json({ error: "Unknown app id" }, 404);
  if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) return c.json({ error: "Body too large" }, 413);
  const body = await c.req.text();
  if (body.length > MAX_BODY_BYTES) return c.json({ error: "Body too large" }, 413);

  // Authentication first: nothing of the body is looked at before its MD5 and signature check out.
  const url = new URL(c.req.url);
  const q = url.searchParams;
  const timestamp = q.get("auth_timestamp") ?? "";
  if (q.get("auth_key") !== local.key) return c.json({ error: "Unknown auth_key" }, 401);
  if (q.get("auth_version") !== "1.0") return c.json({ error: "auth_version must be 1.0" }, 401);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
    return c.json({ error: "Missing or expired auth_timestamp" }, 401);
  }
  if (!timingSafeEqualHex((q.get("body_md5") ?? "").toLowerCase(), await md5Hex(body))) return c.json({ error: "body_md5 does not match the body" }, 401);
  const expected = await hmacSha256Hex(local.secret, stringToSign("POST", url.pathname, q.entries()));
  if (!timingSafeEqualHex((q.get("auth_signature") ?? "").toLowerCase(), expected)) return c.json({ error: "Invalid auth_signature" }, 401);

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return c.json({ error: "Body is not JSON" }, 400);
  }
  const parsed = v.safeParse(TriggerBody, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return c.json({ error: issue.message }, issue.message === "data too large" ? 413 : 400);
  }
  const { name, data, channel, channels, socket_id } = parsed.output;
  await hubFor(c.env, local.key).publish({ channels: channels ?? [channel!], event: name, data, socketId: socket_id });
  return c.json({});
});

realtimeApp.get("/api/realtime/config", (c) => {
  c.header("Cache-Control", "no-store");
  const external = externalRealtime(c.env);
  if (external) {
    const { key, appId, host, port, tls, cluster } = external;
    return c.json({ key, app_id: appId, host, port, tls, cluster });
  }
  // The site's own channel server, on the host the page was loaded from.
  const url = new URL(c.req.url);
  const tls = url.protocol === "https:";
  const { key, appId } = localRealtime(c.env);
  return c.json({ key, app_id: appId, host: url.hostname, port: url.port ? Number(url.port) : tls ? 443 : 80, tls, cluster: "local" });
});
