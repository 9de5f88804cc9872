// The browser's one realtime connection per page: GET /api/realtime/config, then pusher-js, loaded
// only here and only when a screen asks (dynamic import: ~20 KB gzip that menu pages never load).
// The config names either the site's own channel server (worker/realtime) or an external Pusher.
import type Pusher from "pusher-js";
import type { Options } from "pusher-js";
import * as v from "valibot";

const RealtimeConfig = v.object({
  key: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  app_id: v.string(),
  host: v.pipe(v.string(), v.minLength(1), v.maxLength(253)),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  tls: v.boolean(),
  cluster: v.string(),
});
export type RealtimeConfig = v.InferOutput<typeof RealtimeConfig>;

/**
 * Where pusher-js asks for a private channel's signature (only private channels use it; the
 * console checks the session and the branch), posting socket_id and channel_name as a form.
 */
const CHANNEL_AUTHORIZATION = { endpoint: "/console/realtime/auth", transport: "ajax" } as const;

/** pusher-js options for a config (exported for the unit test). */
export function pusherOptions(cfg: RealtimeConfig): Options {
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
  };
}

declare global {
  interface Window {
    /** The page's connection, for the browser tests (it holds nothing secret). */
    __realtime?: Pusher;
  }
}

let connection: Promise<Pusher> | undefined;

async function connect(): Promise<Pusher> {
  const res = await fetch("/api/realtime/config", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`realtime config: ${res.status}`);
  const cfg = v.parse(RealtimeConfig, await res.json());
  const { default: PusherClient } = await import("pusher-js");
  const pusher = new PusherClient(cfg.key, pusherOptions(cfg));
  window.__realtime = pusher;
  return pusher;
}

/** The page's shared connection; a failed start is forgotten so that the next caller retries. */
export function realtime(): Promise<Pusher> {
  connection ??= connect().catch((error: unknown) => {
    connection = undefined;
    throw error;
  });
  return connection;
}
