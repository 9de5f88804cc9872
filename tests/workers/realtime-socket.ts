// A WebSocket to the site's channel server as pusher-js opens it, with a queue of the frames it
// receives; shared by the realtime tests.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { hubPath, restaurantHub, SITE_HUB, type Hub } from "../../worker/realtime/channels";

/** Where pusher-js opens its socket to `hub` (its wsPath is hubPath(hub)). */
export const socketUrl = (hub: Hub) => `http://localhost${hubPath(hub)}/app/menu-local-key?protocol=7&client=js&version=8.6.0&flash=false`;
/** The seeded saffron's hub, where its orders and boards are published. */
export const SOCKET_URL = socketUrl(restaurantHub("saffron"));
/** The site's own hub, which serves /chat. */
export const CHAT_SOCKET_URL = socketUrl(SITE_HUB);

export type Frame = { event: string; channel?: string; data?: unknown };

/** A socket as pusher-js would open it, with a queue of the frames it receives. */
export async function connect(url = SOCKET_URL) {
  const res = await exports.default.fetch(url, { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const frames: Frame[] = [];
  const waiters: ((f: Frame) => void)[] = [];
  ws.addEventListener("message", (e) => {
    const f = JSON.parse(e.data as string) as Frame;
    const waiter = waiters.shift();
    if (waiter) waiter(f);
    else frames.push(f);
  });
  ws.accept();
  const next = (ms = 3000) =>
    frames.length
      ? Promise.resolve(frames.shift()!)
      : new Promise<Frame>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiters.splice(waiters.indexOf(done), 1);
            reject(new Error("no frame arrived"));
          }, ms);
          const done = (f: Frame) => (clearTimeout(timer), resolve(f));
          waiters.push(done);
        });
  const send = (message: unknown) => ws.send(typeof message === "string" ? message : JSON.stringify(message));
  const hello = await next();
  expect(hello.event).toBe("pusher:connection_established");
  const { socket_id, activity_timeout } = JSON.parse(hello.data as string);
  const subscribe = async (channel: string) => {
    send({ event: "pusher:subscribe", data: { auth: "", channel } });
    expect(await next()).toEqual({ event: "pusher_internal:subscription_succeeded", channel, data: "{}" });
  };
  /** Proves nothing else is queued: the next frame after a ping is its pong. */
  const expectNothingPending = async () => {
    send('{"event":"pusher:ping","data":{}}');
    expect(await next()).toEqual({ event: "pusher:pong", data: {} });
  };
  return { ws, next, send, subscribe, expectNothingPending, socketId: socket_id as string, activityTimeout: activity_timeout as number };
}

/**
 * One socket from client `address` (CF-Connecting-IP), whatever the server answers: its first
 * frame (connection_established, or the pusher:error of a refusal) and its close.
 */
export async function attempt(address: string, url = SOCKET_URL) {
  const res = await exports.default.fetch(url, { headers: { Upgrade: "websocket", "cf-connecting-ip": address } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const first = new Promise<Frame>((resolve) => ws.addEventListener("message", (e) => resolve(JSON.parse(e.data as string) as Frame), { once: true }));
  const closed = new Promise<CloseEvent>((resolve) => ws.addEventListener("close", resolve, { once: true }));
  ws.accept();
  const frame = await first;
  return { ws, first: frame, established: frame.event === "pusher:connection_established", closed };
}
