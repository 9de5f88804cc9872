// The realtime connection's start: the config from GET /api/realtime/config (parsed: it is input),
// then pusher-js. A chunk of its own with pusher-js, fetched only when a screen subscribes
// (app/lib/realtime.client.ts), so no screen's first load carries either.
import type Pusher from "pusher-js";
import type { Options } from "pusher-js";
import * as v from "valibot";
import { hubPath, type Hub } from "../../worker/realtime/channels";

const RealtimeConfig = v.object({
  key: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  app_id: v.string(),
  host: v.pipe(v.string(), v.minLength(1), v.maxLength(253)),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  tls: v.boolean(),
  cluster: v.string(),
  /** The site's own server: one hub per restaurant, named in the socket's path (docs/decisions/0038). */
  hub_paths: v.optional(v.boolean(), false),
});
export type RealtimeConfig = v.InferOutput<typeof RealtimeConfig>;

/**
 * Where pusher-js asks for a private channel's signature (only private channels use it; the
 * console checks the session and the branch), posting socket_id and channel_name as a form.
 */
const CHANNEL_AUTHORIZATION = { endpoint: "/console/realtime/auth", transport: "ajax" } as const;

/** pusher-js options for a config and the page's hub (exported for the unit test). */
export function pusherOptions(cfg: RealtimeConfig, hub: Hub): Options {
  // Pusher itself: pusher-js derives ws-{cluster}.pusher.com and its fallbacks from the cluster.
  if (cfg.host === `ws-${cfg.cluster}.pusher.com`) return { cluster: cfg.cluster, channelAuthorization: CHANNEL_AUTHORIZATION };
  // The site's own server (or a self-hosted one): WebSocket only, no stats sent to pusher.com.
  return {
    cluster: cfg.cluster,
    channelAuthorization: CHANNEL_AUTHORIZATION,
    wsHost: cfg.host,
    wsPort: cfg.port,
    wssPort: cfg.port,
    forceTLS: cfg.tls,
    enabledTransports: ["ws", "wss"],
    disableStats: true,
    // pusher-js opens {wsPath}/app/{key}: the site's own server routes it to the page's hub.
    ...(cfg.hub_paths ? { wsPath: hubPath(hub) } : {}),
  };
}

declare global {
  interface Window {
    /** The page's connection, for the browser tests (it holds nothing secret). */
    __realtime?: Pusher;
  }
}

/** A new connection to `hub` from the site's realtime config (app/lib/realtime.client.ts keeps one per page). */
export async function connect(hub: Hub): Promise<Pusher> {
  const res = await fetch("/api/realtime/config", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`realtime config: ${res.status}`);
  const cfg = v.parse(RealtimeConfig, await res.json());
  const { default: PusherClient } = await import("pusher-js");
  const pusher = new PusherClient(cfg.key, pusherOptions(cfg, hub));
  window.__realtime = pusher;
  return pusher;
}
