// Realtime fan-out: how long one event takes to reach every subscriber of a channel on the site's
// own channel server (one restaurant's hub). Opens SUBSCRIBERS WebSockets as pusher-js would, subscribes them to one
// channel, sends EVENTS signed Pusher HTTP triggers one after another and times each from the send
// to its arrival at the last subscriber. Bounded: every wait has a deadline, everything is closed.
// Triggers are signed with the server's REALTIME_SECRET (the bench's server generates its own).
import { createHash } from "node:crypto";
import { hmacSha256Hex } from "../worker/rules/hmac.ts";
import { AUTH_VERSION, stringToSign } from "../worker/realtime/signature.ts";

const KEY = "menu-local-key";
const APP_ID = "menu";
/** One restaurant's hub (docs/decisions/0038): its sockets and its triggers name it in their path. */
const HUB_PREFIX = "/api/realtime/r/bench-fanout";
const SUBSCRIBERS = 100;
const EVENTS = 20;
const CONNECT_DEADLINE_MS = 5000;
const EVENT_DEADLINE_MS = 2000;

export interface FanOut {
  /** Milliseconds from sending the trigger to the last subscriber receiving the event. */
  p50: number;
  p95: number;
  max: number;
  subscribers: number;
}

type Frame = { event: string; channel?: string; data?: unknown };
/** Node's WebSocket (undici) takes request headers; the DOM type this project compiles against does not say so. */
const NodeWebSocket = WebSocket as unknown as new (url: string, init: { headers: Record<string, string> }) => WebSocket;

function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`realtime bench: ${what} took over ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Opens a socket (kept in `sockets`, to be closed whatever happens) and resolves once subscribed.
 * Each subscriber comes from its own address (198.18.0.0/15 is for benchmarks): the channel server
 * caps sockets per client address, and the local server takes CF-Connecting-IP as sent.
 */
function subscribe(url: string, channel: string, sockets: WebSocket[], onEvent: (data: string) => void): Promise<void> {
  const ws = new NodeWebSocket(url, { headers: { "cf-connecting-ip": `198.18.0.${sockets.length + 1}` } });
  sockets.push(ws);
  return new Promise<void>((resolve, reject) => {
    ws.addEventListener("error", () => reject(new Error("realtime bench: a socket failed")), { once: true });
    ws.addEventListener("message", (e) => {
      const frame = JSON.parse(String(e.data)) as Frame;
      if (frame.event === "pusher:connection_established") ws.send(JSON.stringify({ event: "pusher:subscribe", data: { channel } }));
      else if (frame.event === "pusher_internal:subscription_succeeded") resolve();
      else if (frame.channel === channel && !frame.event.startsWith("pusher")) onEvent(String(frame.data));
    });
  });
}

/** The signed trigger as a backend sends it (MD5 from node:crypto: Node's WebCrypto has none). */
async function trigger(baseUrl: string, secret: string, body: string): Promise<Response> {
  const params: [string, string][] = [
    ["auth_key", KEY],
    ["auth_timestamp", String(Math.floor(Date.now() / 1000))],
    ["auth_version", AUTH_VERSION],
    ["body_md5", createHash("md5").update(body).digest("hex")],
  ];
  const path = `${HUB_PREFIX}/apps/${APP_ID}/events`;
  const signature = await hmacSha256Hex(secret, stringToSign("POST", path, params));
  const query = new URLSearchParams([...params, ["auth_signature", signature]]);
  return fetch(`${baseUrl}${path}?${query}`, { method: "POST", headers: { "content-type": "application/json" }, body });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function measureFanOut(baseUrl: string, secret: string): Promise<FanOut> {
  const url = `${baseUrl.replace(/^http/, "ws")}${HUB_PREFIX}/app/${KEY}?protocol=7&client=js&version=8.6.0`;
  const channel = `bench-fanout-${Date.now()}`;
  // Arrivals per event sequence number; the waiter of the event in flight resolves at the last one.
  const arrivals = new Map<number, number>();
  let waiting: { seq: number; done: () => void } | null = null;
  const onEvent = (data: string) => {
    const { seq } = JSON.parse(data) as { seq: number };
    const count = (arrivals.get(seq) ?? 0) + 1;
    arrivals.set(seq, count);
    if (waiting?.seq === seq && count === SUBSCRIBERS) waiting.done();
  };
  const sockets: WebSocket[] = [];
  try {
    const opening = Array.from({ length: SUBSCRIBERS }, () => subscribe(url, channel, sockets, onEvent));
    await deadline(Promise.all(opening), CONNECT_DEADLINE_MS, `subscribing ${SUBSCRIBERS} sockets`);
    const latencies: number[] = [];
    for (let seq = 0; seq < EVENTS; seq++) {
      const allArrived = new Promise<void>((done) => (waiting = { seq, done }));
      const started = performance.now();
      const res = await trigger(baseUrl, secret, JSON.stringify({ name: "bench", channel, data: JSON.stringify({ seq }) }));
      if (!res.ok) throw new Error(`realtime bench: trigger answered ${res.status}: ${await res.text()}`);
      await deadline(allArrived, EVENT_DEADLINE_MS, `event ${seq} reaching every subscriber`);
      latencies.push(performance.now() - started);
    }
    const sorted = latencies.sort((a, b) => a - b);
    return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1)!), subscribers: SUBSCRIBERS };
  } finally {
    for (const ws of sockets) ws.close();
  }
}
