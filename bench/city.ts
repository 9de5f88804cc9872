// "A city at lunch" and at iftar (docs/decisions/0044, 0088): many generated restaurants (scripts/seed/city.ts),
// diners browsing, ordering and calling waiters at once, skewed like a city (a few busy restaurants, a long
// tail: Zipf), and each restaurant's kitchen open (./kitchen.ts: a board, a printer, some webhooks). Adds up
// what every answer's Server-Timing says the request made the stores do (worker/edge/request-counts.ts), by
// kind of answer; ./city-figures.ts carries it to 10,000 and 100,000 restaurants. The visit tally's flushes and
// the webhook deliveries run later, in the background: read from the server's log when the caller says they
// are due (`finish`). Every restaurant is visited once before the runs: the directory's cached row (decision
// 0047) is read from D1 once per restaurant and colo an hour, which the projection adds as its own term.
import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { Figures } from "./figures.ts";
import { recordCity } from "./city-figures.ts";
import { allTimingsOf, VisitCookie, visitFlushes } from "./http.ts";
import { restaurantAddress, setUpKitchens, webhookBatches } from "./kitchen.ts";
import type { CityRestaurant } from "../scripts/seed/city.ts";

const DINERS_AT_ONCE = 24;
/** The two runs: lunch (each diner on their own address), then iftar (every diner on their restaurant's Wi-Fi). */
const LUNCH_MS = 60_000;
const IFTAR_MS = 40_000;
/** A share of diners who order, higher than the target's 5 % so that orders are measured well. */
const ORDER_SHARE = 0.25;
/** A share of diners who call a waiter from their table (the projection takes its own: ./city-figures.ts). */
const CALL_SHARE = 0.25;

/** What one answer's Server-Timing says (or a queue batch's logged header): D1 statements and calls per object ("do-restaurant ab12…"). */
export function countsOf(answer: Response | string) {
  const header = typeof answer === "string" ? answer : (answer.headers.get("server-timing") ?? "");
  const objects = new Map<string, number>();
  let d1 = 0;
  for (const m of header.matchAll(/(?:^|,\s*)d1;desc="(\d+)"/g)) d1 += Number(m[1]);
  for (const m of header.matchAll(/(do-[a-z-]+);desc="(\d+)";obj="([0-9a-f]+)"/g)) objects.set(`${m[1]} ${m[3]}`, Number(m[2]));
  return { d1, objects };
}
export type Counts = ReturnType<typeof countsOf>;

/** Zipf (s = 1) over the restaurants: the first is the busiest. */
function zipfPicker(n: number) {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 1; i <= n; i++) cumulative.push((sum += 1 / i));
  return () => {
    const x = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** What one kind of answer cost, added up: answers, D1 statements, calls per object namespace. */
export interface KindCost {
  answers: number;
  d1: number;
  calls: Map<string, number>;
}

export class Tally {
  views = 0;
  viewD1 = 0;
  /** Views answered from the rendered-page cache, and views that read D1 at all. */
  pageHits = 0;
  viewsReadingD1 = 0;
  orders = 0;
  orderD1 = 0;
  objectsPerOrder = 0;
  orderObjectCalls = 0;
  failures: string[] = [];
  /** Diners per restaurant (index in the city). */
  readonly dinersAt = new Map<number, number>();
  /** "do-restaurant" → object → calls, over every answer. */
  readonly perObject = new Map<string, Map<string, number>>();
  /** Each kind of answer's costs ("view", "order": its three answers, "board read", "printer poll"…). */
  readonly kinds = new Map<string, KindCost>();
  /** Things counted that are not answers ("board reads after a gap"). */
  readonly counters = new Map<string, number>();

  add(counts: Counts, kind: string, answers = 1) {
    const cost = this.kinds.get(kind) ?? { answers: 0, d1: 0, calls: new Map<string, number>() };
    cost.answers += answers;
    cost.d1 += counts.d1;
    for (const [key, calls] of counts.objects) {
      const [ns, obj] = key.split(" ") as [string, string];
      const objects = this.perObject.get(ns) ?? new Map<string, number>();
      objects.set(obj, (objects.get(obj) ?? 0) + calls);
      this.perObject.set(ns, objects);
      cost.calls.set(ns, (cost.calls.get(ns) ?? 0) + calls);
    }
    this.kinds.set(kind, cost);
  }

  count(name: string) {
    this.counters.set(name, (this.counters.get(name) ?? 0) + 1);
  }
}

let diners = 0;

async function diner(base: string, city: CityRestaurant[], pick: () => number, tally: Tally, iftar: boolean) {
  const n = ++diners;
  const at = pick();
  tally.dinersAt.set(at, (tally.dinersAt.get(at) ?? 0) + 1);
  const r = city[at]!;
  // At lunch each diner on their own carrier's address; at iftar every diner of a restaurant on its Wi-Fi.
  const ip = iftar ? restaurantAddress(at) : `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
  const cookie = new VisitCookie();
  const product = r.products[Math.floor(Math.random() * r.products.length)]!;
  for (const path of [`/${r.domain}`, `/${r.domain}/${r.branch}`, `/${r.domain}/${r.branch}/${r.menu}`, `/${r.domain}/${r.branch}/${r.menu}/${product}`]) {
    // Not followed: a redirect (a one-branch list may send to its branch) is counted as its own answer.
    const res = await fetch(`${base}${path}`, { headers: { "cf-connecting-ip": ip, ...cookie.header }, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200 && !(res.status >= 301 && res.status <= 308)) tally.failures.push(`${path}: ${res.status}`);
    cookie.take(res);
    const counts = countsOf(res);
    tally.views += 1;
    tally.viewD1 += counts.d1;
    if (allTimingsOf(res).some((t) => t.name === "page" && t.desc === "HIT")) tally.pageHits += 1;
    if (counts.d1 > 0) tally.viewsReadingD1 += 1;
    tally.add(counts, "view");
  }
  if (Math.random() < CALL_SHARE) {
    // A call from the diner's table (its QR code's number) for a waiter; the board answers it (./kitchen.ts).
    const table = 1 + Math.floor(Math.random() * 40);
    const call = await fetch(`${base}/api/service/call`, {
      method: "POST",
      body: JSON.stringify({ domain: r.domain, branch_id: r.branch, table_id: table, kind: "waiter" }),
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    });
    await call.arrayBuffer();
    if (call.status !== 200) tally.failures.push(`service/call: ${call.status}`);
    tally.add(countsOf(call), "call from a table");
  }
  if (Math.random() >= ORDER_SHARE) return;
  const phone = `050${String(n).padStart(7, "0")}`;
  const who = { domain: r.domain, branch_id: r.branch, name: "Lunch", phone };
  const post = (call: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/${call}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...headers },
    });
  // The order's own requests (the demo outbox, a stand-in for the diner's phone, is not one of them).
  const steps: Response[] = [];
  steps.push(await post("sendOtp", who));
  const outbox = (await (await fetch(`${base}/api/dev/outbox?phone=${phone}`)).json()) as { data: { body: string }[] };
  const code = /(\d{6})/.exec(outbox.data[0]?.body ?? "")?.[1] ?? "";
  const verified = await post("verifyOtp", { ...who, otp_code: code });
  steps.push(verified);
  const token = verified.ok ? ((await verified.clone().json()) as { data: { token: string } }).data.token : "";
  steps.push(
    await post("storeOrder", { domain: r.domain, branch_id: r.branch, items: [{ product_id: product, amount: 1 }] }, { authorization: `Bearer ${token}` }),
  );
  const touched = new Set<string>();
  let d1 = 0;
  let calls = 0;
  for (const res of steps) {
    await res.arrayBuffer();
    if (res.status !== 200) tally.failures.push(`${new URL(res.url).pathname}: ${res.status}`);
    const counts = countsOf(res);
    d1 += counts.d1;
    // sendOtp's statement is the demo SMS outbox's write (scripts/start.ts's demo provider; none with Twilio).
    if (res === steps[0]) tally.counters.set("demo outbox statements", (tally.counters.get("demo outbox statements") ?? 0) + counts.d1);
    for (const [key, n] of counts.objects) {
      touched.add(key);
      calls += n;
    }
    tally.add(counts, "order");
  }
  tally.orders += 1;
  tally.orderD1 += d1;
  tally.objectsPerOrder += touched.size;
  tally.orderObjectCalls += calls;
}

/** One measured stretch of the city: DINERS_AT_ONCE diners at a time, each picking a restaurant by Zipf. */
async function runDiners(base: string, city: CityRestaurant[], tally: Tally, iftar: boolean, runMs: number) {
  const pick = zipfPicker(city.length);
  const started = performance.now();
  const end = Date.now() + runMs;
  await Promise.all(
    Array.from({ length: DINERS_AT_ONCE }, async () => {
      while (Date.now() < end) await diner(base, city, pick, tally, iftar);
    }),
  );
  return { tally, seconds: (performance.now() - started) / 1000 };
}

/**
 * The bytes of rows (and their index entries) in every restaurant object of the server's local state: SQLite's
 * `dbstat` payloads, not its pages (a small object's first row of each table takes a whole 4 KB page, which
 * a large chain's object does not pay per order).
 */
function restaurantObjectBytes(stateDir: string): number {
  const dir = `${stateDir}/v3/do/menu-Restaurant`;
  let bytes = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")) {
    const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true, timeout: 10_000 });
    try {
      const { n } = db
        .prepare(
          "SELECT coalesce(sum(payload), 0) AS n FROM dbstat WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
        )
        .get() as { n: number };
      bytes += n;
    } finally {
      db.close();
    }
  }
  return bytes;
}

/**
 * Runs the city: every restaurant warmed and its kitchen set up (./kitchen.ts), then lunch for LUNCH_MS and
 * iftar for IFTAR_MS with the kitchens open. Returns `finish`, which records the figures once the visit
 * flushes and webhook deliveries of the runs are due (the tally writes up to a minute after a count).
 */
export async function runCity(base: string, city: CityRestaurant[], server: { log: () => string; stateDir: string }) {
  const opening = new Tally();
  const kitchens = await setUpKitchens(base, city, opening, DINERS_AT_ONCE);
  // Warm, once the kitchens' settings are saved (each save moves the restaurant's cache version): each
  // restaurant's directory row and first pages once, and which restaurant holds its branch (a printed
  // ticket's names are found by it, kept a day), so the runs measure the steady state.
  const warm = (path: string) => fetch(`${base}${path}`).then((res) => res.arrayBuffer());
  for (let i = 0; i < city.length; i += DINERS_AT_ONCE) {
    await Promise.all(city.slice(i, i + DINERS_AT_ONCE).flatMap((r) => [warm(`/${r.domain}`), warm(`/api/getProductCommon/${r.branch}`)]));
  }
  await kitchens.open();
  if (opening.failures.length) throw new Error(`the kitchens' setup failed: ${opening.failures.slice(0, 5).join("; ")}`);
  const logFrom = server.log().length;
  const bytesBefore = restaurantObjectBytes(server.stateDir);
  const runs: { label: "lunch" | "iftar"; tally: Tally; seconds: number }[] = [];
  for (const [label, ms] of [
    ["lunch", LUNCH_MS],
    ["iftar", IFTAR_MS],
  ] as const) {
    const tally = new Tally();
    kitchens.tallyInto(tally);
    const ran = await runDiners(base, city, tally, label === "iftar", ms);
    runs.push({ label, ...ran });
  }
  // The last orders' moves and tickets (the kitchen acts within seconds), then the kitchens close.
  await new Promise((r) => setTimeout(r, 8_000));
  kitchens.stop();
  const domains = new Set(city.map((r) => r.domain));
  return {
    endedAt: Date.now(),
    finish(figures: Figures) {
      const log = server.log();
      const deliveries: KindCost = { answers: 0, d1: 0, calls: new Map() };
      for (const batch of webhookBatches(log.slice(logFrom))) {
        const counts = countsOf(batch.counts);
        deliveries.answers += batch.messages;
        deliveries.d1 += counts.d1;
        for (const [key, n] of counts.objects) deliveries.calls.set(key.split(" ")[0]!, (deliveries.calls.get(key.split(" ")[0]!) ?? 0) + n);
      }
      const orders = runs.reduce((s, r) => s + r.tally.orders, 0);
      kitchens.closeReceiver();
      const shared = {
        opening,
        deliveries,
        received: kitchens.received(),
        objectBytes: restaurantObjectBytes(server.stateDir) - bytesBefore,
        deliveryOrders: orders,
      };
      figures.note(
        "**city and iftar:** counted from each answer's Server-Timing (worker/edge/request-counts.ts) and each queue batch's `queue.batch` line. Not counted: calls begun after an answer was made " +
          "(the rest of a waitUntil; the visit tally's call for a batch of views is counted in the answer that opened the batch), alarms, an object's own calls (the visit tally's flush into the restaurant's object is read from its `visits.flush` log lines instead; " +
          "a hub's socket ledger), KV reads, the demo outbox read standing in for the diner's phone. An order's D1 statement is the demo SMS outbox's write (none with Twilio).",
      );
      figures.record("city: restaurants", city.length, "");
      figures.record("kitchen: boards and printers open", kitchens.kitchens, "");
      figures.record("kitchen: restaurants with a webhook", kitchens.webhookRestaurants, "");
      // The visit tally's flushes land up to a minute after their views, lunch's in iftar's stretch: both runs' together.
      const flushes = visitFlushes(log.slice(logFrom)).filter((x) => domains.has(x.domain));
      const flushStatements = flushes.reduce((s, x) => s + x.statements, 0);
      const views = runs.reduce((s, r) => s + r.tally.views, 0);
      figures.record(
        "city: restaurant object statements in the visit flushes (background) per page view, lunch and iftar",
        flushStatements / views,
        "statements",
      );
      for (const run of runs) recordCity(figures, run, shared, city.length);
    },
  };
}
