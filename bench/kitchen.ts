// The restaurant's side of the bench's city (issue 39, docs/decisions/0088): each city restaurant's owner keeps
// its branch's board open as the console does (a socket on the restaurant's channel server, the channel's
// signature, one read; then each event applied in place with the board's own rule, app/components/console/
// board/board-feed.ts, and a read again only on a gap), moves each new order to preparing and then ready, answers
// each call from a table, and has a CloudPRNT printer polling every POLL_MS that prints each ticket (the PNG,
// then its confirmation). Every WEBHOOK_EVERY-th restaurant has an order webhook to a receiver here. Each of
// those answers is tallied by its kind (./city.ts `Tally`); the webhook deliveries are the queue's, counted
// from its `queue.batch` log lines (worker/index.ts).
import { createServer, type Server } from "node:http";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { applyBoardEvent, replayBoardEvents, type BoardRows } from "../app/components/console/board/board-feed.ts";
import { BOARD_EVENT, branchOrdersChannel, hubPath, restaurantHub } from "../worker/realtime/channels.ts";
import type { CityRestaurant } from "../scripts/seed/city.ts";
import { countsOf, type Tally } from "./city.ts";

/** The printer's poll interval: Star's default, and what the console's setup asks for (docs/scale.md). */
export const POLL_MS = 5_000;
/** One restaurant in this many has an order webhook (a point-of-sale or delivery integration). */
const WEBHOOK_EVERY = 10;
/** How long the kitchen takes to start an order, then to finish it, once the board shows it (shortened). */
const MOVE_AFTER_MS = [2_000, 6_000];
const ACK_AFTER_MS = 3_000;
const KEY = "menu-local-key";
/** Node's WebSocket (undici) takes request headers; the DOM type this project compiles against does not say so. */
const NodeWebSocket = WebSocket as unknown as new (url: string, init: { headers: Record<string, string> }) => WebSocket;

/** The branch settings form's values as its loader gives them (app/routes/console/branch-settings.server.ts). */
type TypedBranch = { fields: Record<string, string>; weekly: { opens: string; closes: string }[][] };

/** The kitchen's own address: a restaurant's Wi-Fi (one public IPv4 each, from a benchmark range). */
export const restaurantAddress = (index: number) => `198.19.${index >> 8}.${index & 255}`;

/** A single-fetch (`.data`) answer's value, decoded as React Router's client decodes it. */
async function decoded(res: Response): Promise<unknown> {
  if (!res.body) throw new Error(`${res.url}: no body (${res.status})`);
  const { done, value } = await decodeTurboStream(res.body, globalThis);
  await done;
  return value;
}

class Kitchen {
  private rows: BoardRows | null = null;
  /** Events heard while a read runs, applied over it when it lands. */
  private heard: unknown[] | null = null;
  private readonly done = new Set<string>();
  private socket: WebSocket | null = null;
  private printer: ReturnType<typeof setInterval> | null = null;
  private printerUrl = "";
  private mac = "";
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private stopped = false;

  private readonly base: string;
  private readonly r: CityRestaurant;
  private readonly index: number;
  private tally: Tally;

  constructor(base: string, r: CityRestaurant, index: number, tally: Tally) {
    this.base = base;
    this.r = r;
    this.index = index;
    this.tally = tally;
  }

  /** From now on, this kitchen's answers count in `tally`. */
  tallyInto(tally: Tally) {
    this.tally = tally;
  }

  private headers(extra: Record<string, string> = {}) {
    return { cookie: `console=${this.r.session}`, "cf-connecting-ip": restaurantAddress(this.index), origin: this.base, ...extra };
  }

  /** A console answer, tallied under `kind` (a failure is one of the run's failures). */
  private async answer(kind: string, path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, { ...init, headers: this.headers(init.headers as Record<string, string>), redirect: "manual" });
    if (res.status !== 200) this.tally.failures.push(`${kind} ${path}: ${res.status}`);
    this.tally.add(countsOf(res), kind);
    return res;
  }

  private form(kind: string, path: string, fields: Record<string, string>) {
    return this.answer(kind, path, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });
  }

  /** Before the measured run: calls from tables switched on, a printer added and paired (its first poll asks), the webhook if it has one. */
  async setUp(receiver: string | null) {
    // The branch's settings form sent back as loaded, with "calls from tables" ticked, as an owner does.
    const settings = (await decoded(await this.answer("setup", `/console/branches/${this.r.branch}.data`))) as Record<string, { data: { typed: TypedBranch } }>;
    const typed = settings["routes/console/branch-settings"]!.data.typed;
    const fields = new URLSearchParams(Object.entries(typed.fields).filter(([, value]) => value !== ""));
    fields.set("service_calls", "1");
    typed.weekly.forEach((rows, day) => rows.forEach((row) => (fields.append(`opens-${day}`, row.opens), fields.append(`closes-${day}`, row.closes))));
    await this.answer("setup", `/console/branches/${this.r.branch}.data`, {
      method: "POST",
      body: fields,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const added = (await decoded(await this.form("setup", `/console/branches/${this.r.branch}/printers.data`, { intent: "add", name: "Kitchen" }))) as {
      data: { printer: number; url: string };
    };
    this.printerUrl = added.data.url;
    const mac = `00:11:62:${[this.index >> 16, this.index >> 8, this.index].map((b) => (b & 255).toString(16).padStart(2, "0")).join(":")}`;
    await this.poll(mac, "setup");
    await this.form("setup", `/console/branches/${this.r.branch}/printers.data`, { intent: "pair", printer: String(added.data.printer), mac });
    if (receiver) await this.form("setup", "/console/webhooks.data", { intent: "add", url: `${receiver}/hooks/${this.r.domain}` });
    this.mac = mac;
  }

  /** One CloudPRNT poll; a ticket waiting is fetched as a PNG and confirmed, as a Star printer does. */
  private async poll(mac: string, kind = "printer poll") {
    const body = JSON.stringify({ status: "23 86 00 00 00 00 00 00 00", printerMAC: mac, statusCode: "200%20OK", printingInProgress: false });
    const res = await fetch(this.printerUrl, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "cf-connecting-ip": restaurantAddress(this.index) },
    });
    this.tally.add(countsOf(res), kind);
    if (res.status !== 200) return void this.tally.failures.push(`${kind}: ${res.status}`);
    const job = (await res.json()) as { jobReady: boolean; jobToken?: string };
    if (!job.jobReady || !job.jobToken || kind !== "printer poll") return;
    const query = `?mac=${encodeURIComponent(mac)}&token=${job.jobToken}`;
    const png = await fetch(`${this.printerUrl}${query}&type=${encodeURIComponent("image/png")}`);
    await png.arrayBuffer();
    this.tally.add(countsOf(png), "ticket fetch");
    const confirmed = await fetch(`${this.printerUrl}${query}&code=${encodeURIComponent("200 OK")}`, { method: "DELETE" });
    await confirmed.arrayBuffer();
    this.tally.add(countsOf(confirmed), "ticket confirm");
    if (png.status !== 200 || confirmed.status !== 200) this.tally.failures.push(`ticket: ${png.status} / ${confirmed.status}`);
  }

  /** The measured run: the board's socket and first read, the printer's polls from a random phase. */
  async open() {
    const hub = hubPath(restaurantHub(this.r.domain));
    const ws = new NodeWebSocket(`${this.base.replace(/^http/, "ws")}${hub}/app/${KEY}?protocol=7&client=js&version=8.6.0`, {
      headers: { "cf-connecting-ip": restaurantAddress(this.index) },
    });
    this.socket = ws;
    const channel = branchOrdersChannel(this.r.branch);
    const subscribed = new Promise<void>((resolve, reject) => {
      ws.addEventListener("error", () => reject(new Error(`kitchen ${this.r.domain}: the board's socket failed`)), { once: true });
      ws.addEventListener("message", (e) => {
        const frame = JSON.parse(String(e.data)) as { event: string; channel?: string; data?: unknown };
        if (frame.event === "pusher:connection_established") void this.subscribe(JSON.parse(String(frame.data)).socket_id as string, channel);
        else if (frame.event === "pusher_internal:subscription_succeeded") resolve();
        else if (frame.channel === channel && frame.event === BOARD_EVENT) this.heardEvent(JSON.parse(String(frame.data)));
      });
    });
    await subscribed;
    await this.read();
    const phase = setTimeout(() => {
      void this.poll(this.mac);
      this.printer = setInterval(() => void this.poll(this.mac), POLL_MS);
    }, Math.random() * POLL_MS);
    this.timers.add(phase);
  }

  private async subscribe(socketId: string, channel: string) {
    const res = await this.form("board channel signature", "/console/realtime/auth", { socket_id: socketId, channel_name: channel });
    const { auth } = (await res.json()) as { auth: string };
    this.socket?.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, auth } }));
  }

  /** The board's read (its own route's data only, as its reads after a gap ask). */
  private async read() {
    this.heard = [];
    const res = await this.answer("board read", `/console/orders.data?branch=${this.r.branch}&_routes=routes%2Fconsole%2Forders`);
    const value = (await decoded(res)) as Record<string, { data: BoardRows }>;
    const loaded = value["routes/console/orders"]!.data;
    this.rows = replayBoardEvents({ seq: loaded.seq, orders: loaded.orders, calls: loaded.calls, printers: loaded.printers }, this.r.branch, this.heard);
    this.heard = null;
    this.react();
  }

  private heardEvent(data: unknown) {
    if (this.heard || !this.rows) return void this.heard?.push(data);
    const next = applyBoardEvent(this.rows, this.r.branch, data);
    if (next === "reload") {
      this.tally.count("board reads after a gap");
      return void this.read();
    }
    if (next !== "old") this.rows = next;
    this.react();
  }

  /** What a cook does on seeing the board: start what is new, finish what is started, answer a call. */
  private react() {
    for (const order of this.rows?.orders ?? []) {
      const to = order.status === 0 ? 1 : order.status === 1 ? 2 : null;
      if (to !== null) this.once(`${order.id}>${to}`, MOVE_AFTER_MS[to - 1]!, () => this.move(order.id, to));
    }
    for (const call of this.rows?.calls ?? []) {
      if (!call.acknowledged_at)
        this.once(`call ${call.public_id}`, ACK_AFTER_MS, () =>
          this.form("board: answer a call", `/console/orders.data?branch=${this.r.branch}`, { intent: "ack", call: call.public_id }),
        );
    }
  }

  private move(orderId: number, status: number) {
    return this.form("board: move an order", `/console/orders.data?branch=${this.r.branch}`, {
      intent: "move",
      order_id: String(orderId),
      status: String(status),
    });
  }

  private once(key: string, afterMs: number, act: () => Promise<unknown>) {
    if (this.done.has(key) || this.stopped) return;
    this.done.add(key);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) void act();
    }, afterMs);
    this.timers.add(timer);
  }

  stop() {
    this.stopped = true;
    if (this.printer) clearInterval(this.printer);
    for (const timer of this.timers) clearTimeout(timer);
    this.socket?.close();
  }
}

/** A webhook receiver on this machine: answers every delivery 200 and counts them. */
async function startReceiver(): Promise<{ url: string; received: () => number; close: () => void }> {
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, received: () => received, close: () => server.close() };
}

/** Every city restaurant's kitchen, set up (printers paired, webhooks added) but not yet open. */
export async function setUpKitchens(base: string, city: CityRestaurant[], tally: Tally, atOnce: number) {
  const receiver = await startReceiver();
  const kitchens = city.map((r, i) => new Kitchen(base, r, i, tally));
  for (let i = 0; i < kitchens.length; i += atOnce) {
    await Promise.all(kitchens.slice(i, i + atOnce).map((k, j) => k.setUp((i + j) % WEBHOOK_EVERY === 0 ? receiver.url : null)));
  }
  return {
    kitchens: city.length,
    webhookRestaurants: Math.ceil(city.length / WEBHOOK_EVERY),
    received: receiver.received,
    tallyInto: (next: Tally) => kitchens.forEach((k) => k.tallyInto(next)),
    async open() {
      for (let i = 0; i < kitchens.length; i += atOnce) await Promise.all(kitchens.slice(i, i + atOnce).map((k) => k.open()));
    },
    stop() {
      for (const k of kitchens) k.stop();
    },
    /** After the last deliveries (the queue's retries too) are due. */
    closeReceiver: () => receiver.close(),
  };
}

/** The webhook queues' batches in the server's log (worker/index.ts `queue.batch`): deliveries and their counts. */
export function webhookBatches(log: string) {
  return [...log.matchAll(/\{"event":"queue\.batch"[^\n]*\}/g)]
    .map((m) => JSON.parse(m[0]) as { queue: string; messages: number; counts: string })
    .filter((b) => b.queue.startsWith("menu-webhooks"));
}
