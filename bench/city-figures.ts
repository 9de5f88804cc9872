// The city's figures (./city.ts runs it): what each kind of answer cost the stores in the run, and that cost
// carried to 10,000 and 100,000 restaurants at lunch and at iftar, the kitchens included (issue 39,
// docs/decisions/0088). The model: each kind's rate per restaurant (diners' views, orders and calls from
// tables grow with diners; the board's moves and answers, the printers' tickets and the webhooks with what
// they answer; printers poll whatever the hour) times what one such answer cost here. docs/scale.md reads it.
import type { Figures } from "./figures.ts";
import type { KindCost, Tally } from "./city.ts";
import { POLL_MS } from "./kitchen.ts";

// The target (docs/scale.md): restaurants × 3 branches × 500 diners a day, 8 page views each, 5 % ordering, 1 in 5
// calling a waiter from the table; lunch: 12 open hours, meals at 3× the mean; iftar: a third of the day's diners
// in 20 minutes. Each branch has a board (one tablet) and a printer, on day and night.
const TARGET = { branches: 3, dinersPerBranchDay: 500, viewsPerDiner: 8, orderShare: 0.05, callShare: 0.2 };
const LUNCH_DINERS_S = (TARGET.branches * TARGET.dinersPerBranchDay * 3) / (12 * 3600);
const IFTAR_DINERS_S = (TARGET.branches * TARGET.dinersPerBranchDay) / 3 / (20 * 60);
/** A board reads everything again about once an hour (a deploy, the Wi-Fi, the tablet waking), besides its gaps. */
const BOARD_RECONNECT_S = 3600;
/** The largest chain stated: 150 branches, each four times the assumed diners (2,000 a day). */
const CHAIN = { branches: 150, dinersPerBranchDay: 2_000 };
/** Documented limits (docs/scale.md): a Durable Object ~1,000 requests/s and 10 GB of SQLite; one D1 database ~1,000 statements/s. */
const OBJECT_LIMIT = 1_000;
const OBJECT_BYTES = 10 * 1024 ** 3;
const D1_LIMIT = 1_000;
const DIRECTORY_CACHE_SECONDS = 3600;
const COLOS_PER_RESTAURANT = 2;
/** Namespaces keyed by restaurant; at iftar a restaurant's diners share its address, so its network's ledger too. */
const PER_RESTAURANT = new Set(["do-restaurant", "do-visits", "do-realtime", "do-purge-guard"]);

export interface CityRun {
  label: "lunch" | "iftar";
  tally: Tally;
  seconds: number;
}

export interface Kitchens {
  /** The kitchens' opening (each board's signature and first read), for what a board's read costs. */
  opening: Tally;
  /** The webhook queues' batches, added up (`answers`: their messages), and the deliveries the receiver got. */
  deliveries: KindCost;
  received: number;
  /** Restaurant objects' SQLite bytes added over both runs, and the orders placed in them. */
  objectBytes: number;
  deliveryOrders: number;
}

/** Each kind's events per second for one restaurant with `diners` a second and `branches` branches. */
function ratesOf(diners: number, branches: number, perOrder: (kind: string) => number, perCall: number) {
  const orders = diners * TARGET.orderShare;
  const calls = diners * TARGET.callShare;
  const boards = branches / BOARD_RECONNECT_S + orders * perOrder("board reads after a gap");
  return new Map<string, { rate: number; diners: boolean }>([
    ["view", { rate: diners * TARGET.viewsPerDiner, diners: true }],
    ["order", { rate: orders, diners: true }],
    ["call from a table", { rate: calls, diners: true }],
    ["board: answer a call", { rate: calls * perCall, diners: true }],
    ["board: move an order", { rate: orders * perOrder("board: move an order"), diners: true }],
    ["ticket fetch", { rate: orders * perOrder("ticket fetch"), diners: true }],
    ["ticket confirm", { rate: orders * perOrder("ticket confirm"), diners: true }],
    ["webhook delivery", { rate: orders * perOrder("webhook delivery"), diners: true }],
    ["board read", { rate: boards, diners: false }],
    ["board channel signature", { rate: boards, diners: false }],
    ["printer poll", { rate: branches / (POLL_MS / 1000), diners: false }],
  ]);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

export function recordCity(figures: Figures, run: CityRun, kitchens: Kitchens, restaurants: number) {
  const t = run.tally;
  const label = run.label === "lunch" ? "city" : "iftar";
  const f = (name: string, value: number, unit: string, budget: `≤ ${number}` | null = null) => figures.record(`${label}: ${name}`, value, unit, budget);
  if (t.failures.length) figures.note(`**${label}: ${t.failures.length} answers failed**, e.g. ${t.failures.slice(0, 5).join("; ")}`);
  f("answers that failed", t.failures.length, "", "≤ 0");
  f("page views", t.views, "views");
  f("page views/s", t.views / run.seconds, "views/s");
  f("orders", t.orders, "orders");
  const dinerCounts = Array.from({ length: restaurants }, (_, i) => t.dinersAt.get(i) ?? 0);
  const allDiners = dinerCounts.reduce((s, n) => s + n, 0);
  const mean = allDiners / restaurants;
  const skew99 = percentile(dinerCounts, 99) / mean;
  f("diners", allDiners, "diners");
  f("busiest restaurant's share of diners", (Math.max(...dinerCounts) / allDiners) * 100, "%");
  f("99th-percentile restaurant's diners, times the mean", skew99, "×");
  f("page views from the rendered-page cache", (t.pageHits / t.views) * 100, "%");
  f("page views that read D1", (t.viewsReadingD1 / t.views) * 100, "%");
  f("objects touched per order", t.objectsPerOrder / t.orders, "objects");

  // What one event of each kind cost: per answer, an order per order (its three answers), a delivery per message.
  const costs = new Map<string, KindCost & { events: number }>();
  for (const [kind, cost] of [...kitchens.opening.kinds, ...t.kinds]) {
    if (kind !== "setup") costs.set(kind, { ...cost, events: kind === "order" ? t.orders : cost.answers });
  }
  // A delivery is a POST the receiver got; the queue's messages include some that found theirs done (a re-queued stale one).
  costs.set("webhook delivery", { ...kitchens.deliveries, events: kitchens.received });
  const count = (kind: string) => (kind === "board reads after a gap" ? (t.counters.get(kind) ?? 0) : (t.kinds.get(kind)?.answers ?? 0));
  const perOrder = (kind: string) =>
    kind === "webhook delivery" ? kitchens.received / Math.max(1, kitchens.deliveryOrders) : count(kind) / Math.max(1, t.orders);
  const perCall = count("board: answer a call") / Math.max(1, count("call from a table"));
  for (const [kind, cost] of [...costs].sort(([a], [b]) => a.localeCompare(b))) {
    if (!cost.events) continue;
    const calls = [...cost.calls.values()].reduce((s, n) => s + n, 0);
    f(`${kind}: D1 statements each`, cost.d1 / cost.events, "statements");
    f(`${kind}: object calls each`, calls / cost.events, "calls");
  }
  f("moves per order", perOrder("board: move an order"), "moves");
  f("board reads after a gap", count("board reads after a gap"), "reads");

  const diners = run.label === "lunch" ? LUNCH_DINERS_S : IFTAR_DINERS_S;
  const rates = ratesOf(diners, TARGET.branches, perOrder, perCall);
  const d1Each = (kind: string) => {
    const cost = costs.get(kind);
    return cost?.events ? cost.d1 / cost.events : 0;
  };
  const perRestaurantD1 = [...rates].reduce((s, [kind, { rate }]) => s + rate * d1Each(kind), 0);
  // The demo SMS outbox writes one statement per code; a deploy sends by Twilio and writes none.
  const outboxPerOrder = (t.counters.get("demo outbox statements") ?? 0) / Math.max(1, t.orders);
  f("of an order's D1 statements, the demo SMS outbox's", outboxPerOrder, "statements");
  for (const n of [10_000, 100_000]) {
    const d1 = n * perRestaurantD1 + (n * COLOS_PER_RESTAURANT) / DIRECTORY_CACHE_SECONDS;
    const deployed = d1 - n * (rates.get("order")?.rate ?? 0) * outboxPerOrder;
    const at = n.toLocaleString("en");
    f(`D1 at ${at} restaurants, statements/s (kitchens included)`, d1, "statements/s");
    f(
      `D1 at ${at} restaurants, share of one database's ~${D1_LIMIT.toLocaleString("en")}/s`,
      (d1 / D1_LIMIT) * 100,
      "%",
      n === 10_000 ? (run.label === "lunch" ? "≤ 10" : "≤ 50") : null,
    );
    f(`D1 at ${at} restaurants with Twilio (no demo outbox), share`, (deployed / D1_LIMIT) * 100, "%");
  }

  // Per object namespace: the 99th-percentile restaurant's object (diner-driven kinds at its skew), and the largest chain's.
  const chainDiners = (CHAIN.branches * CHAIN.dinersPerBranchDay * diners) / (TARGET.branches * TARGET.dinersPerBranchDay);
  const chainRates = ratesOf(chainDiners, CHAIN.branches, perOrder, perCall);
  const namespaces = new Set([...costs.values()].flatMap((c) => [...c.calls.keys()]));
  for (const ns of [...namespaces].sort()) {
    const callsEach = (kind: string) => {
      const cost = costs.get(kind);
      return cost?.events ? (cost.calls.get(ns) ?? 0) / cost.events : 0;
    };
    const objectRate = (r: typeof rates, skew: number) =>
      [...r].reduce((s, [kind, { rate, diners: byDiners }]) => s + rate * callsEach(kind) * (byDiners ? skew : 1), 0);
    const keyedByRestaurant = PER_RESTAURANT.has(ns) || (ns === "do-limit-ledger" && run.label === "iftar");
    if (keyedByRestaurant) {
      const p99 = objectRate(rates, skew99);
      f(`${ns}: the 99th-percentile restaurant's object, req/s`, p99, "req/s");
      f(`${ns}: the 99th-percentile restaurant's object, share of its ~${OBJECT_LIMIT.toLocaleString("en")} req/s`, (p99 / OBJECT_LIMIT) * 100, "%", "≤ 10");
      const chain = objectRate(chainRates, 1);
      f(`${ns}: a chain of ${CHAIN.branches} branches' object, req/s`, chain, "req/s");
      f(`${ns}: a chain of ${CHAIN.branches} branches' object, share of its limit`, (chain / OBJECT_LIMIT) * 100, "%");
    } else {
      // Keyed by a phone or a diner's own network: as busy as one diner makes it, whatever the city's size.
      const busiest = Math.max(...(t.perObject.get(ns)?.values() ?? [0]));
      f(`${ns}: busiest object, req/s (one diner's)`, busiest / run.seconds, "req/s");
    }
  }

  if (run.label !== "iftar") return;
  // Storage: what an order leaves in its restaurant's object, all else of its day included (codes, visits, tickets).
  const orders = kitchens.deliveryOrders;
  const bytesPerOrder = kitchens.objectBytes / Math.max(1, orders);
  figures.record("kitchen: restaurant object row bytes per order (everything the runs stored included)", bytesPerOrder, "bytes");
  const chainOrdersDay = CHAIN.branches * CHAIN.dinersPerBranchDay * TARGET.orderShare;
  figures.record(`kitchen: a chain of ${CHAIN.branches} branches: orders a day`, chainOrdersDay, "orders");
  figures.record(
    `kitchen: a chain of ${CHAIN.branches} branches: years until its object's 10 GB`,
    OBJECT_BYTES / (bytesPerOrder * chainOrdersDay) / 365,
    "years",
  );
  figures.record("kitchen: webhook deliveries received", kitchens.received, "deliveries");
  figures.record("kitchen: webhook queue messages per delivery received", kitchens.deliveries.answers / Math.max(1, kitchens.received), "messages");
}
