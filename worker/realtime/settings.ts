// Realtime settings from the environment: the site's own channel server (REALTIME_*), and an
// optional external Pusher-compatible service (PUSHER_*) that replaces it when PUSHER_KEY is set.
import * as v from "valibot";
import { DomainInPath } from "../rules/reserved";
import type { NetworkKey } from "../rules/network-key";
import { restaurantHub, SITE_HUB, type Hub } from "./channels";

/** Pusher channel names: [A-Za-z0-9_\-=@,.;], at most 164 characters. */
export const ChannelName = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_\-=@,.;]{1,164}$/, "invalid channel name"));
/** Pusher socket ids ("123.456"), as sent in connection_established. */
export const SocketId = v.pipe(v.string(), v.regex(/^\d{1,20}\.\d{1,20}$/, "invalid socket_id"));

/** Largest event payload (Pusher's limit is 10 KB). */
export const MAX_DATA_BYTES = 10 * 1024;
/** Most channels one trigger may name (Pusher's limit). */
export const MAX_TRIGGER_CHANNELS = 100;

export interface LocalRealtime {
  appId: string;
  key: string;
  /** null: REALTIME_SECRET is not set; what needs it answers 503 naming it (worker/missing-secret.ts). */
  secret: string | null;
}

export interface ExternalRealtime {
  appId: string;
  key: string;
  secret: string | null;
  cluster: string;
  host: string;
  port: number;
  tls: boolean;
  /** Where server-side triggers go: api-{cluster}.pusher.com, or the self-hosted PUSHER_HOST. */
  apiOrigin: string;
}

export function localRealtime(env: Env): LocalRealtime {
  return { appId: env.REALTIME_APP_ID, key: env.REALTIME_KEY, secret: env.REALTIME_SECRET || null };
}

/** The external service, or null when the site's own channel server is used. */
export function externalRealtime(env: Env): ExternalRealtime | null {
  if (!env.PUSHER_KEY) return null;
  const tls = env.PUSHER_TLS !== "false";
  const port = env.PUSHER_PORT ? Number(env.PUSHER_PORT) : tls ? 443 : 80;
  return {
    appId: env.PUSHER_APP_ID,
    key: env.PUSHER_KEY,
    secret: env.PUSHER_SECRET || null,
    cluster: env.PUSHER_CLUSTER,
    // Pusher itself: browsers connect to ws-{cluster}, servers call api-{cluster}. A self-hosted
    // service (PUSHER_HOST) takes both on one host and port.
    host: env.PUSHER_HOST || `ws-${env.PUSHER_CLUSTER}.pusher.com`,
    port,
    tls,
    apiOrigin: env.PUSHER_HOST ? `${tls ? "https" : "http"}://${env.PUSHER_HOST}:${port}` : `https://api-${env.PUSHER_CLUSTER}.pusher.com`,
  };
}

/** Where browsers connect for an external service (the page's CSP allows them); none for the own server. */
export function realtimeOrigins(env: Env): string[] {
  const external = externalRealtime(env);
  if (!external) return [];
  // Pusher itself may fall back from WebSocket to its SockJS hosts.
  if (!env.PUSHER_HOST) return [`wss://${external.host}`, `https://sockjs-${external.cluster}.pusher.com`];
  return [`${external.tls ? "wss" : "ws"}://${external.host}:${external.port}`];
}

/**
 * The hub a path's domain names, or null when it is not a well-formed domain (refused before any object
 * is reached). A well-formed name that is no restaurant's gets a hub nothing publishes to.
 */
export function hubOfDomain(domain: string): Hub | null {
  return v.is(DomainInPath, domain) ? restaurantHub(domain) : null;
}

/** The object that serves one hub's sockets: a restaurant's own, or the site's (/chat). */
export function hubFor(env: Env, hub: Hub) {
  return env.REALTIME.get(env.REALTIME.idFromName(hub === SITE_HUB ? "site:chat" : hub));
}

/** The object that counts one client network's sockets across every hub (socket-ledger.ts). */
export function ledgerFor(env: Env, network: NetworkKey) {
  return env.SOCKET_LEDGER.get(env.SOCKET_LEDGER.idFromName(network));
}
