// "A city at lunch" (docs/decisions/0044): many generated restaurants (scripts/seed/city.ts), diners browsing and
// ordering at once, skewed like a city (a few busy restaurants, a long tail: Zipf). Adds up what every
// answer's Server-Timing says the request made the stores do (worker/edge/request-counts.ts): D1
// statements per page view and per order, objects touched per order, per object namespace the busiest
// object's share of calls and its rate; then projects each to 10,000 and 100,000 restaurants against
// Cloudflare's documented limits. The visit tally's flushes (into each restaurant's object) run later,
// in the background: read from the server's log when the caller says they are due (`finish`). Every
// restaurant is visited once before the measured minute: the directory's cached row (decision 0047) is
// read from D1 once per restaurant and colo an hour, which the projection adds as its own term.
import { Figures } from "./figures.ts";
import { allTimingsOf, VisitCookie, visitFlushes } from "./http.ts";
import type { CityRestaurant } from "../scripts/seed/city.ts";

const DINERS_AT_ONCE = 24;
const RUN_MS = 60_000;
/** A share of diners who order, higher than the target's 5 % so that orders are measured well. */
const ORDER_SHARE = 0.25;

// The scale target (docs/scale.md): restaurants × 3 branches × 500 diners a day, 5 % of them ordering
// (~750 k orders a day at 10,000), 12 open hours, meals at 3× the mean; 8 page views a diner.
const TARGET = { branches: 3, dinersPerBranchDay: 500, orderShare: 0.05, openSeconds: 12 * 3600, peak: 3, viewsPerDiner: 8 };
/** Documented limits: a Durable Object's soft limit of ~1,000 requests/s, and one D1 database, single-
 * threaded, ~1,000 queries/s at 1 ms a query (see docs/scale.md for the pages). */
const OBJECT_LIMIT = 1_000;
const D1_LIMIT = 1_000;
/** The directory row's cache life (worker/directory/directory.ts) and the colos a restaurant's diners are in (docs/scale.md). */
const DIRECTORY_CACHE_SECONDS = 3600;
const COLOS_PER_RESTAURANT = 2;
/** Namespaces keyed by restaurant: their objects grow with the restaurants (the others are per phone or network). */
const PER_RESTAURANT = new Set(["do-restaurant", "do-visits", "do-realtime", "do-purge-guard"]);

/** What one answer's Server-Timing says: D1 statements and calls per object ("do-restaurant ab12…"). */
function countsOf(res: Response) {
  const objects = new Map<string, number>();
  let d1 = 0;
  const header = res.headers.get("server-timing") ?? "";
  for (const t of allTimingsOf(res)) {
    if (t.name === "d1") d1 += Number(t.desc);
  }
  for (const m of header.matchAll(/(do-[a-z-]+);desc="(\d+)";obj="([0-9a-f]+)"/g)) objects.set(`${m[1]} ${m[3]}`, Number(m[2]));
  return { d1, objects };
}

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

class Tally {
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
  /** "do-restaurant" → object → calls, over every request. */
  readonly perObject = new Map<string, Map<string, number>>();
  /** "do-restaurant" → calls made by page views and by orders. */
  readonly viewCalls = new Map<string, number>();
  readonly orderCalls = new Map<string, number>();

  add(counts: ReturnType<typeof countsOf>, kind: "view" | "order") {
    for (const [key, calls] of counts.objects) {
      const [ns, obj] = key.split(" ") as [string, string];
      const objects = this.perObject.get(ns) ?? new Map<string, number>();
      objects.set(obj, (objects.get(obj) ?? 0) + calls);
      this.perObject.set(ns, objects);
      const byKind = kind === "view" ? this.viewCalls : this.orderCalls;
      byKind.set(ns, (byKind.get(ns) ?? 0) + calls);
    }
  }
}

let diners = 0;

async function diner(base: string, city: CityRestaurant[], pick: () => number, tally: Tally) {
  const n = ++diners;
  const at = pick();
  tally.dinersAt.set(at, (tally.dinersAt.get(at) ?? 0) + 1);
  const r = city[at]!;
  const ip = `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
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

/**
 * Runs the city for RUN_MS and returns `finish(log)`, which records the figures once the visit
 * flushes of the run are due (the tally writes to D1 up to a minute after a count).
 */
export async function runCity(base: string, city: CityRestaurant[], logLength: number, runMs = RUN_MS) {
  // Warm: each restaurant's directory row and first pages once, so the minute measures the steady state.
  for (let i = 0; i < city.length; i += DINERS_AT_ONCE) {
    await Promise.all(city.slice(i, i + DINERS_AT_ONCE).map((r) => fetch(`${base}/${r.domain}`).then((res) => res.arrayBuffer())));
  }
  const tally = new Tally();
  const pick = zipfPicker(city.length);
  const started = performance.now();
  const end = Date.now() + runMs;
  await Promise.all(
    Array.from({ length: DINERS_AT_ONCE }, async () => {
      while (Date.now() < end) await diner(base, city, pick, tally);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const domains = new Set(city.map((r) => r.domain));
  return {
    endedAt: Date.now(),
    finish(figures: Figures, log: string) {
      const flushes = visitFlushes(log.slice(logLength)).filter((f) => domains.has(f.domain));
      record(figures, tally, seconds, city.length, flushes);
    },
  };
}

function record(figures: Figures, t: Tally, seconds: number, restaurants: number, flushes: { statements: number; domain: string }[]) {
  const f = (name: string, value: number, unit: string, budget: `≤ ${number}` | null = null) => figures.record(`city: ${name}`, value, unit, budget);
  figures.note(
    "**city:** counted from each answer's Server-Timing (worker/edge/request-counts.ts). Not counted: calls begun after an answer was made " +
      "(the rest of a waitUntil), alarms, an object's own calls (the visit tally's flush into the restaurant's object is read from its `visits.flush` log lines instead; " +
      "a hub's socket ledger), KV reads, the demo outbox read standing in for the diner's phone. sendOtp's D1 statements include the demo outbox's write.",
  );
  if (t.failures.length) figures.note(`**city: ${t.failures.length} answers failed**, e.g. ${t.failures.slice(0, 5).join("; ")}`);
  f("restaurants", restaurants, "");
  f("answers that failed", t.failures.length, "", "≤ 0");
  f("page views", t.views, "views");
  f("orders", t.orders, "orders");
  f("page views/s", t.views / seconds, "views/s");
  const dinerCounts = [...t.dinersAt.values()];
  const allDiners = dinerCounts.reduce((s, n) => s + n, 0);
  // The skew: how many times the mean restaurant's diners the busiest one had (Zipf, s = 1).
  f("diners", allDiners, "diners");
  f("busiest restaurant's share of diners", (Math.max(...dinerCounts) / allDiners) * 100, "%");
  f("page views from the rendered-page cache", (t.pageHits / t.views) * 100, "%");
  f("page views that read D1", (t.viewsReadingD1 / t.views) * 100, "%");
  f("D1 statements per page view", t.viewD1 / t.views, "statements");
  f("D1 statements per order (sendOtp + verifyOtp + storeOrder)", t.orderD1 / t.orders, "statements");
  const flushStatements = flushes.reduce((s, x) => s + x.statements, 0);
  f("restaurant object statements in the visit flushes (background) per page view", flushStatements / t.views, "statements");
  f("D1 statements/s, answers", (t.viewD1 + t.orderD1) / seconds, "statements/s");
  f("objects touched per order", t.objectsPerOrder / t.orders, "objects");
  f("object calls per order", t.orderObjectCalls / t.orders, "calls");

  // At scale: page views and orders a second at the meal peak.
  const at = (n: number) => {
    const dinersPerSecond = (n * TARGET.branches * TARGET.dinersPerBranchDay * TARGET.peak) / TARGET.openSeconds;
    return { views: dinersPerSecond * TARGET.viewsPerDiner, orders: dinersPerSecond * TARGET.orderShare };
  };
  const perView = t.viewD1 / t.views;
  const perOrder = t.orderD1 / t.orders;
  for (const n of [10_000, 100_000]) {
    const load = at(n);
    // Plus the directory rows read into each colo's cache, once an hour per restaurant and colo.
    const d1 = load.views * perView + load.orders * perOrder + (n * COLOS_PER_RESTAURANT) / DIRECTORY_CACHE_SECONDS;
    f(`D1 at ${n.toLocaleString("en")} restaurants, peak statements/s`, d1, "statements/s");
    f(`D1 at ${n.toLocaleString("en")} restaurants, share of one database's ~${D1_LIMIT.toLocaleString("en")}/s`, (d1 / D1_LIMIT) * 100, "%");
  }
  for (const [ns, objects] of [...t.perObject].sort(([a], [b]) => a.localeCompare(b))) {
    const calls = [...objects.values()];
    const total = calls.reduce((s, c) => s + c, 0);
    const busiest = Math.max(...calls);
    f(`${ns}: objects reached`, objects.size, "objects");
    f(`${ns}: busiest object's share of calls`, (busiest / total) * 100, "%");
    f(`${ns}: busiest object's rate`, busiest / seconds, "req/s");
    // Calls per page view and per order, projected. Per-restaurant namespaces: the busiest object
    // stays as many times the mean restaurant's object as here (the same skew, over every restaurant
    // of the city, reached or not), over as many objects as restaurants. Per phone or network: as
    // busy as here (one diner's own calls, whatever the city's size).
    const perViewCalls = (t.viewCalls.get(ns) ?? 0) / t.views;
    const perOrderCalls = (t.orderCalls.get(ns) ?? 0) / t.orders;
    const skew = busiest / (total / restaurants);
    for (const n of [10_000, 100_000]) {
      const load = at(n);
      const rate = load.views * perViewCalls + load.orders * perOrderCalls;
      const busiestRate = PER_RESTAURANT.has(ns) ? (skew * rate) / n : busiest / seconds;
      const label = `${ns} at ${n.toLocaleString("en")} restaurants`;
      f(`${label}: busiest object's share of calls`, (busiestRate / rate) * 100, "%");
      f(`${label}: busiest object req/s`, busiestRate, "req/s");
      // The target: at 10,000 restaurants, each per-restaurant object under 10 % of its limit.
      f(
        `${label}: busiest object, share of its ~${OBJECT_LIMIT.toLocaleString("en")} req/s limit`,
        (busiestRate / OBJECT_LIMIT) * 100,
        "%",
        n === 10_000 && PER_RESTAURANT.has(ns) ? "≤ 10" : null,
      );
    }
  }
}
