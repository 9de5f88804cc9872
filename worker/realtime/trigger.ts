// The channel server's HTTP side, mounted by worker/index.ts before React Router. One hub per
// restaurant and one for the site (/chat), named by a path prefix (docs/decisions/0038):
//   GET  {prefix}/app/{key}            pusher-js's WebSocket (its wsPath is the prefix), to that hub
//   POST {prefix}/apps/{appId}/events  Pusher's signed HTTP trigger (a backend publishes an event)
// where {prefix} is /api/realtime/r/{domain} (a restaurant's hub), /api/realtime/chat or nothing (the
// site's hub, which carries only the chat channel); and
//   GET  /api/realtime/config          what a browser needs to connect (never a secret)
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { CHAT_CHANNEL, HUB_PATH_ROOT, SITE_HUB, type Hub } from "./channels";
import { localRealtime, externalRealtime, hubFor, hubOfDomain, ChannelName, MAX_DATA_BYTES, MAX_TRIGGER_CHANNELS, SocketId } from "./settings";
import { missingSecretAnswer } from "../missing-secret";
import { hmacSha256Hex, timingSafeEqualHex } from "../rules/hmac";
import { md5Hex, stringToSign } from "./signature";

/** Timestamps further than this from now are refused (Pusher uses 600 s too). */
const MAX_SKEW_SECONDS = 600;
/** Bodies are read into memory; a trigger is far smaller than this. */
const MAX_BODY_BYTES = 64 * 1024;

/** Pusher's trigger body: one channel or a list, data as a string. */
export const TriggerBody = v.pipe(
  v.object({
    // "pusher:" and "pusher_internal:" are the protocol's own events; a trigger must not forge them.
    name: v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(200),
      v.check((n) => !n.startsWith("pusher"), "reserved event name"),
    ),
    data: v.pipe(
      v.string(),
      v.check((d) => new TextEncoder().encode(d).length <= MAX_DATA_BYTES, "data too large"),
    ),
    channel: v.optional(ChannelName),
    channels: v.optional(v.pipe(v.array(ChannelName), v.minLength(1), v.maxLength(MAX_TRIGGER_CHANNELS))),
    socket_id: v.optional(SocketId),
  }),
  v.check((b) => (b.channel === undefined) !== (b.channels === undefined), "give channel or channels"),
);

export const realtimeApp = new Hono<{ Bindings: Env }>();

type Ctx = Context<{ Bindings: Env }>;

/** The hub a restaurant path names, or the 404 of a name that is not a well-formed domain (no hub reached). */
function restaurantHubOr404(c: Ctx): Hub | Response {
  return hubOfDomain(c.req.param("domain") ?? "") ?? c.json({ error: "Not a restaurant domain" }, 404);
}

async function socket(c: Ctx, hub: Hub) {
  const { key } = localRealtime(c.env);
  if (c.req.param("key") !== key) return c.json({ error: "Unknown app key" }, 404);
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.json({ error: "Expected Upgrade: websocket" }, 426);
  // The hub's 101 carries the socket; it must reach the client as it is (see the middleware).
  // The request goes as it came, with CF-Connecting-IP: the hub caps sockets per client address.
  return hubFor(c.env, hub).fetch(c.req.raw);
}

async function trigger(c: Ctx, hub: Hub) {
  const local = localRealtime(c.env);
  if (!local.secret) return missingSecretAnswer("REALTIME_SECRET");
  if (c.req.param("appId") !== local.appId) return c.json({ error: "Unknown app id" }, 404);
  if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) return c.json({ error: "Body too large" }, 413);
  const body = await c.req.text();
  if (body.length > MAX_BODY_BYTES) return c.json({ error: "Body too large" }, 413);

  // Authentication first: nothing of the body is looked at before its MD5 and signature check out.
  // The signed path carries the prefix, so a trigger signed for one restaurant cannot be replayed to another.
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
  const targets = channels ?? [channel!];
  // The site's hub serves /chat only: a restaurant's channel sent here would reach nobody, so it is refused.
  if (hub === SITE_HUB && targets.some((t) => t !== CHAT_CHANNEL)) {
    return c.json(
      { error: `Only the ${CHAT_CHANNEL} channel is served here; a restaurant's channels: POST ${HUB_PATH_ROOT}/r/{domain}/apps/{app_id}/events` },
      400,
    );
  }
  await hubFor(c.env, hub).publish({ channels: targets, event: name, data, socketId: socket_id });
  return c.json({});
}

realtimeApp.get(`${HUB_PATH_ROOT}/r/:domain/app/:key`, (c) => {
  const hub = restaurantHubOr404(c);
  return hub instanceof Response ? hub : socket(c, hub);
});
realtimeApp.post(`${HUB_PATH_ROOT}/r/:domain/apps/:appId/events`, (c) => {
  const hub = restaurantHubOr404(c);
  return hub instanceof Response ? hub : trigger(c, hub);
});
for (const prefix of ["", `${HUB_PATH_ROOT}/chat`]) {
  realtimeApp.get(`${prefix}/app/:key`, (c) => socket(c, SITE_HUB));
  realtimeApp.post(`${prefix}/apps/:appId/events`, (c) => trigger(c, SITE_HUB));
}

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
  // hub_paths: sockets go to {hubPath(hub)}/app/{key}, one hub per restaurant (app/lib/realtime-connect.client.ts).
  return c.json({ key, app_id: appId, host: url.hostname, port: url.port ? Number(url.port) : tls ? 443 : 80, tls, cluster: "local", hub_paths: true });
});
