// One Durable Object per hub (a restaurant's, or the site's for /chat: docs/decisions/0038): the
// WebSocket end of the Pusher Channels protocol (version 7) for public and private channels, as pusher-js speaks it (a private subscription carries the auth
// the console's endpoint signed for this socket and channel: private-auth.ts). Sockets are accepted
// with the Hibernation API, so an idle object leaves memory while its sockets stay open; every
// socket's id and channels live in its attachment (no storage, nothing in memory to lose when the
// object is evicted).
import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import { addressTag, type NetworkKey } from "../rules/network-key";
import { missingSecretMessage } from "../missing-secret";
import { verifyChannelAuth } from "./private-auth";
import { ChannelName, ledgerFor, localRealtime } from "./settings";
import { MAX_SOCKETS_PER_NETWORK } from "./socket-ledger";

/** Exactly what pusher-js sends (JSON.stringify({event, data: {}})): answered without waking us. */
const PING_FRAME = '{"event":"pusher:ping","data":{}}';
const PONG_FRAME = '{"event":"pusher:pong","data":{}}';
/** Seconds of silence after which pusher-js pings (it pings sooner if its own option is lower). */
const ACTIVITY_TIMEOUT = 120;
/** Frames larger than Pusher's 10 KB message limit are refused. */
const MAX_FRAME_CHARS = 10 * 1024;
/** Attachments are small (2 KB); 10 channels of 164 characters fit. */
const MAX_CHANNELS_PER_SOCKET = 10;
/**
 * Sockets one client network may hold at once on one hub. A page opens one socket, and only the
 * screens that listen (an order's status, /chat) open it; a busy restaurant's guest Wi-Fi (one NAT'd
 * address) rarely has more than a few dozen diners watching an order at the same moment. Without a
 * cap one client could open sockets until the object is exhausted (docs/decisions/0008); across
 * hubs, the network's ledger caps them site-wide (MAX_SOCKETS_PER_NETWORK, socket-ledger.ts).
 */
export const MAX_SOCKETS_PER_ADDRESS = 50;
/**
 * Pusher's "over capacity" close code (4100-4199): pusher-js backs off a second and reconnects,
 * so a diner over the cap gets a socket once one frees up. 4000-4099 would make it give up for
 * good (it disconnects), and a 429 before the upgrade is only a failed transport to it.
 */
export const OVER_CAPACITY = 4100;
/**
 * Pusher's "reconnect now" close code (4200-4299): pusher-js reconnects at once and subscribes to its
 * channels again, asking the auth endpoint afresh. Sent when who may read private channels changed.
 */
export const RESUBSCRIBE = 4200;
/** Sockets refused over the cap are accepted only to be closed; their tag keeps them out of the count. */
const REFUSED_TAG = "refused";

interface SocketState {
  id: string;
  channels: string[];
  /** The client network, whose ledger is told when the socket closes. */
  network?: NetworkKey;
}

/** What the trigger endpoint and publish() hand to the hub. */
export interface HubMessage {
  channels: string[];
  event: string;
  /** Sent as it is: Pusher event data is a string (usually JSON). */
  data: string;
  /** The publisher's own socket, which does not get the event. */
  socketId?: string;
}

const Frame = v.object({ event: v.string(), channel: v.optional(v.string()), data: v.optional(v.unknown()) });
const ChannelData = v.object({ channel: v.string() });
/** A private subscription carries the auth endpoint's answer. */
const SubscribeData = v.object({ channel: v.string(), auth: v.optional(v.unknown()) });

const frame = (event: string, data: unknown, channel?: string) => JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
/** A pusher:error frame; the socket stays open (codes only matter on close frames). */
const errorFrame = (message: string, code: number | null = null) => frame("pusher:error", { code, message });

function newSocketId(): string {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `${a}.${b}`;
}

function send(ws: WebSocket, message: string): boolean {
  try {
    ws.send(message);
    return true;
  } catch {
    return false; // closing or closed: webSocketClose will follow
  }
}

export class ChannelHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Runs again after every hibernation; keeps pings off the object's bill.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /** Accepts a WebSocket (the Worker forwards GET {hub path}/app/{key} here: worker/realtime/trigger.ts). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected Upgrade: websocket", { status: 426 });
    }
    const tag = addressTag(request);
    const id = newSocketId();
    if (this.ctx.getWebSockets(tag).length >= MAX_SOCKETS_PER_ADDRESS) return this.refuse(`at most ${MAX_SOCKETS_PER_ADDRESS} connections per client address`);
    // The network's sockets on every hub: claimed before the accept, released if the accept is refused.
    const open = this.ctx.getWebSockets(tag).map((ws) => (ws.deserializeAttachment() as SocketState).id);
    const ledger = ledgerFor(this.env, tag);
    // A ledger that cannot answer lets the socket in uncounted (this hub's own cap still holds): no 500.
    const claimed = await ledger.claim(this.ctx.id.toString(), id, open).catch((error: unknown) => {
      console.error(`realtime: the socket ledger did not answer, socket admitted uncounted: ${String(error)}`);
      return null;
    });
    if (claimed === false) return this.refuse(`at most ${MAX_SOCKETS_PER_NETWORK} connections per client network`);
    // Counted again after the await, then accepted with none in between: no interleaving upgrade passes the cap.
    if (this.ctx.getWebSockets(tag).length >= MAX_SOCKETS_PER_ADDRESS) {
      if (claimed) await ledger.release(this.ctx.id.toString(), id).catch(() => {});
      return this.refuse(`at most ${MAX_SOCKETS_PER_ADDRESS} connections per client address`);
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [tag]);
    const state: SocketState = { id, channels: [], ...(claimed ? { network: tag } : {}) };
    server.serializeAttachment(state);
    // Pusher sends data as a JSON string inside the frame.
    server.send(frame("pusher:connection_established", JSON.stringify({ socket_id: state.id, activity_timeout: ACTIVITY_TIMEOUT })));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A socket over a cap: accepted only to be told why and closed; its tag keeps it out of the count. */
  private refuse(why: string): Response {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const reason = `Over capacity: ${why}`;
    this.ctx.acceptWebSocket(server, [REFUSED_TAG]);
    send(server, errorFrame(reason, OVER_CAPACITY));
    server.close(OVER_CAPACITY, reason);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message !== "string") return void send(ws, errorFrame("Binary frames are not supported"));
    if (message.length > MAX_FRAME_CHARS) return void send(ws, errorFrame("Message too large", 4301));
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      return void send(ws, errorFrame("Invalid JSON"));
    }
    const parsed = v.safeParse(Frame, json);
    if (!parsed.success) return void send(ws, errorFrame("Invalid message: expected {event, data}"));
    const { event, data } = parsed.output;

    if (event === "pusher:ping") return void send(ws, PONG_FRAME); // a ping not byte-identical to pusher-js's
    if (event === "pusher:subscribe") return this.subscribe(ws, data);
    if (event === "pusher:unsubscribe") return this.unsubscribe(ws, data);
    if (event.startsWith("client-")) return void send(ws, errorFrame("Client events are not supported by this server"));
    send(ws, errorFrame(`Unsupported event: ${event.slice(0, 50)}`));
  }

  private async subscribe(ws: WebSocket, data: unknown) {
    const request = v.safeParse(SubscribeData, data);
    if (!request.success) return void send(ws, errorFrame("pusher:subscribe needs data.channel"));
    const { channel, auth } = request.output;
    if (/^(private|presence)-/.test(channel)) {
      const refusal = await this.refusePrivate(ws, channel, auth);
      // Pusher's AuthError on the channel: pusher-js hands it to the channel's own listeners.
      if (refusal) return void send(ws, frame("pusher:subscription_error", { type: "AuthError", error: refusal, status: 403 }, channel));
    } else if (!v.is(ChannelName, channel)) {
      return void send(ws, errorFrame("Invalid channel name"));
    }
    // Read after the await: the attachment is current.
    const state = ws.deserializeAttachment() as SocketState;
    if (!state.channels.includes(channel)) {
      if (state.channels.length >= MAX_CHANNELS_PER_SOCKET) return void send(ws, errorFrame("Too many channels on one connection"));
      state.channels.push(channel);
      ws.serializeAttachment(state);
    }
    send(ws, frame("pusher_internal:subscription_succeeded", "{}", channel));
  }

  /** Why a private-/presence- subscription is refused, or null when its auth is this socket's for this channel. */
  private async refusePrivate(ws: WebSocket, channel: string, auth: unknown): Promise<string | null> {
    if (channel.startsWith("presence-")) return "Presence channels are not supported by this server";
    if (channel.startsWith("private-encrypted-")) return "Encrypted channels are not supported by this server";
    if (!v.is(ChannelName, channel)) return "Invalid channel name";
    const { key, secret } = localRealtime(this.env);
    if (!secret) {
      console.error(`config: ${missingSecretMessage("REALTIME_SECRET")}`);
      return "Private channels are not configured on this server (REALTIME_SECRET is not set)";
    }
    const { id } = ws.deserializeAttachment() as SocketState;
    if (!(await verifyChannelAuth(key, secret, id, channel, auth))) return "Invalid signature for this connection and channel";
    return null;
  }

  private unsubscribe(ws: WebSocket, data: unknown) {
    const request = v.safeParse(ChannelData, data);
    if (!request.success) return void send(ws, errorFrame("pusher:unsubscribe needs data.channel"));
    const state = ws.deserializeAttachment() as SocketState;
    const channels = state.channels.filter((c) => c !== request.output.channel);
    if (channels.length !== state.channels.length) ws.serializeAttachment({ ...state, channels });
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    // Answer the client's close; its channels go with its attachment; its network's ledger is told.
    try {
      ws.close(1000, "closing");
    } catch {
      // already closed
    }
    await this.forget(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.forget(ws);
  }

  /** Releases a closed socket's claim on its network's ledger (a second release, after an error and a close, deletes nothing). */
  private async forget(ws: WebSocket) {
    const state = ws.deserializeAttachment() as SocketState | null;
    if (state?.network)
      await ledgerFor(this.env, state.network)
        .release(this.ctx.id.toString(), state.id)
        .catch((error: unknown) => console.error(`realtime: a closed socket's ledger claim was not released (it lapses): ${String(error)}`));
  }

  /**
   * RPC: a member was removed or their role changed, so a signature given before may no longer hold.
   * Every socket on one of these private channels is closed with RESUBSCRIBE: the others come back at
   * once through the auth endpoint; a socket whose person lost the right is refused there. Returns
   * how many sockets were closed.
   */
  revoke(channels: string[]): number {
    const targets = new Set(channels.filter((c) => c.startsWith("private-")));
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as SocketState | null;
      if (!state || !state.channels.some((c) => targets.has(c))) continue;
      // Nothing more reaches it: its channels go before the close is even sent.
      ws.serializeAttachment({ ...state, channels: [] });
      try {
        ws.close(RESUBSCRIBE, "Access changed: subscribe again");
      } catch {
        // already closing
      }
      closed++;
    }
    return closed;
  }

  /** RPC: sends the event to every socket subscribed to one of the channels; returns frames sent. */
  publish(message: HubMessage): number {
    const targets = new Set(message.channels);
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as SocketState | null;
      if (!state || state.id === message.socketId) continue;
      for (const channel of state.channels) {
        if (targets.has(channel) && send(ws, frame(message.event, message.data, channel))) delivered++;
      }
    }
    return delivered;
  }
}
