// `npm run bench`: serves the production build with the demo data (plus a generated restaurant of
// 200- and 1,000-product branches, scripts/seed/bench-catalogue.ts) and measures, in one run:
// upstream calls per page view (warm and cold), throughput against a static floor, the gzip weight
// of what each screen loads, the server render cost of large menus (./render.ts), realtime fan-out
// (./realtime.ts), Lighthouse on two screens (./lighthouse.ts) and "a city at lunch" (./city.ts: 240
// generated restaurants, scripts/seed/city.ts, browsed and ordered from at once; what each store does
// per page view and per order, projected to 10,000 and 100,000 restaurants). Writes bench/results.json and
// bench/results.md (./figures.ts), prints the table; exits 1 when a budget is missed. Not part of
// `npm test`.
import autocannon from "autocannon";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { purgeSignature } from "../worker/edge/purge-signature.ts";
import { FLUSH_MS } from "../worker/rules/visit-limits.ts";
import { serveBuild } from "../scripts/serve-build.ts";
import { startVars } from "../scripts/start.ts";
import { writeBenchCatalogue } from "../scripts/seed/bench-catalogue.ts";
import { writeCity } from "../scripts/seed/city.ts";
import { runCity } from "./city.ts";
import { Figures, type Budget } from "./figures.ts";
import { newDiner, sequentialRounds, timingsOf, VisitCookie, visitFlushes } from "./http.ts";
import { frameworkFloor } from "./js-floor.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { measureSeo } from "./lighthouse-seo.ts";
import { measureFanOut } from "./realtime.ts";
import { measureRender } from "./render.ts";

const figures = new Figures();
const CITY = writeCity("tmp/bench-city.sql", 240);
// Served from a private copy of the build: the tests rebuild build/ whenever they run.
const SNAPSHOT = "tmp/bench-build";
// `npm start`'s configuration, with secrets generated into the bench's state dir.
const STATE_DIR = "tmp/bench-state";
const served = await serveBuild(STATE_DIR, (dir) => startVars({}, `${dir}/secrets.vars`), {
  extraSql: [writeBenchCatalogue("tmp/bench-catalogue.sql"), CITY.path],
  snapshot: SNAPSHOT,
});
const base = served.baseUrl;
const PURGE = served.vars.PURGE_SECRET!;
const PAGES = { "branch list": "/saffron", "branch home": "/saffron/1", "menu page": "/saffron/1/1" };

/** A part of the bench that throws is a missed figure with its error below the table, not a crash. */
async function section(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    figures.record(`${name}: completed`, 0, "", "1");
    figures.note(`**${name} failed:** ${(error as Error).message}`);
  }
}

try {
  // 1. Upstream calls per page view: cold (after a purge), then warm.
  const timestamp = String(Date.now());
  await fetch(`${base}/_edge/purge/saffron`, {
    method: "POST",
    headers: { "x-purge-timestamp": timestamp, "x-purge-signature": await purgeSignature(PURGE, "saffron", timestamp) },
  });
  const started = performance.now();
  const cold = timingsOf(await fetch(`${base}${PAGES["branch home"]}`));
  const pageMs = performance.now() - started;
  figures.record("cold branch home: upstream calls", cold.length, "calls");
  figures.record("cold branch home: upstream calls in sequence (rounds)", sequentialRounds(cold), "rounds", "1");
  // The loader asks both calls at once; sequential calls would make the page take their sum.
  figures.record(
    "cold branch home: sum of upstream call times",
    cold.reduce((s, t) => s + t.dur, 0),
    "ms",
  );
  figures.record("cold branch home: longest upstream call", Math.max(0, ...cold.map((t) => t.dur)), "ms");
  figures.record("cold branch home: whole answer", pageMs, "ms");
  for (const [label, path] of Object.entries(PAGES)) {
    await fetch(`${base}${path}`);
    const res = await fetch(`${base}${path}`);
    // A page that fails fast would make every figure below look good.
    figures.record(`${label}: HTTP status`, res.status, "", "200");
    figures.record(`warm ${label}: upstream calls that were not HIT`, timingsOf(res).filter((t) => t.desc !== "HIT").length, "calls", "0");
  }
  // A new diner (no cookie) on a warm page: counting the visit must not put a call before the answer.
  const firstView = await fetch(`${base}${PAGES["menu page"]}`, { headers: newDiner() });
  figures.record("warm menu page, first view: upstream calls on the critical path", timingsOf(firstView).filter((t) => t.desc !== "HIT").length, "calls", "0");

  // 2. Throughput, each page against a static file of the same server. A returning diner sends back
  // the visits cookie (app/lib/visits.server.ts): their views this hour are counted, so the page is
  // served as it is. A first view (no cookie, a new address each: a stream of new diners) also
  // counts its visits (spec §9), off the critical path (worker/edge/visits.ts).
  const run = async (path: string, headers: Record<string, string> = {}, perRequest?: () => Record<string, string>, duration = 3) => {
    const setupRequest = perRequest ? (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...perRequest() } }) : undefined;
    const result = await autocannon({ url: `${base}${path}`, connections: 10, duration, headers, ...(setupRequest ? { requests: [{ setupRequest }] } : {}) });
    if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} answers not 2xx, ${result.errors} errors under load`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result["2xx"] };
  };
  // Each page is timed in ROUNDS short runs, each between two runs of the floor and against their mean,
  // after a second's warm-up; the figure is the median round's. On a shared 2-core machine the floor itself
  // drifts by a third from one minute to the next, and one 3 s window spread the ratio by 13-30 points
  // from run to run (docs/decisions/0089). Single rounds still spread by 20-30 points (57-94 % on the
  // menu page in one run); the median of five moved by 13 points between repeats, of nine by fewer
  // (docs/decisions/0090). The lowest and highest round are recorded beside it.
  const ROUNDS = 9;
  const againstFloor = async (label: string, path: string, headers: Record<string, string> = {}, perRequest?: () => Record<string, string>) => {
    const warmUp = await run(path, headers, perRequest, 1);
    const floors = [await run("/favicon.svg", {}, undefined, 2)];
    const rounds: (Awaited<ReturnType<typeof run>> & { percent: number; floor: number })[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const page = await run(path, headers, perRequest, 2);
      floors.push(await run("/favicon.svg", {}, undefined, 2));
      const floor = (floors[i]!.rps + floors[i + 1]!.rps) / 2;
      rounds.push({ ...page, floor, percent: (page.rps / floor) * 100 });
    }
    const sorted = [...rounds].sort((a, b) => a.percent - b.percent);
    const middle = sorted[Math.floor(ROUNDS / 2)]!;
    figures.record(`${label}: static floor around it req/s`, middle.floor, "req/s");
    figures.record(`${label}: lowest of its ${ROUNDS} rounds, req/s / static floor`, sorted[0]!.percent, "%");
    figures.record(`${label}: highest of its ${ROUNDS} rounds, req/s / static floor`, sorted.at(-1)!.percent, "%");
    // `views`: every view made, the warm-up's included (each counts its visits).
    return { ...middle, views: warmUp.total + rounds.reduce((s, r) => s + r.total, 0) };
  };
  const RETURNING_BUDGET: Record<string, Budget> = { "branch list": "≥ 70", "branch home": "≥ 70", "menu page": "≥ 70" };
  for (const [label, path] of Object.entries(PAGES)) {
    const diner = new VisitCookie();
    diner.take(await fetch(`${base}${path}`));
    const r = await againstFloor(label, path, diner.header);
    figures.record(`${label} req/s`, r.rps, "req/s");
    figures.record(`${label} p50`, r.p50, "ms");
    figures.record(`${label} p99`, r.p99, "ms");
    figures.record(`${label} req/s / static floor`, r.percent, "%", RETURNING_BUDGET[label] ?? null);
  }
  const flushesBefore = visitFlushes(served.log()).length;
  const firstViews = await againstFloor("menu page, first views", PAGES["menu page"], {}, newDiner);
  const firstViewsEnded = Date.now();
  figures.record("menu page, first views req/s", firstViews.rps, "req/s");
  figures.record("menu page, first views req/s / static floor", firstViews.percent, "%", "≥ 60");
  // The embedded API's counts reach the restaurant's object with the VisitTally's next flush, a minute later at most:
  // read after the sections below.
  const countFirstViewWrites = () => {
    // The city's restaurants (section 2b) flush their own visits meanwhile: not these views'.
    const cityDomains = new Set(CITY.restaurants.map((r) => r.domain));
    const flushes = visitFlushes(served.log())
      .slice(flushesBefore)
      .filter((f) => !cityDomains.has(f.domain));
    const statements = flushes.reduce((sum, f) => sum + f.statements, 0);
    figures.record("menu page, first views: restaurant object writes per 1,000 views", (statements / firstViews.views) * 1000, "statements", "≤ 20");
    // Each first view of a menu page counts its branch, menu and first category: none is lost.
    figures.record("menu page, first views: visits counted per view", flushes.reduce((sum, f) => sum + f.visits, 0) / firstViews.views, "visits", "≥ 3");
  };

  // 2b. A city at lunch and at iftar, kitchens open: its figures are recorded at the end, once its visit flushes are due.
  let city: Awaited<ReturnType<typeof runCity>> | null = null;
  await section("city", async () => {
    city = await runCity(base, CITY.restaurants, { log: served.log, stateDir: STATE_DIR });
  });

  // 3. Client weight: gzip bytes of the scripts and styles each screen's HTML loads. Ours is a
  // screen's JS minus the framework floor, a minimal React Router app's (./js-floor.ts).
  let jsFloor = Number.NaN; // stays NaN if the floor's build fails (a missed figure below the table)
  await section("framework floor", async () => {
    jsFloor = frameworkFloor() / 1024;
    figures.record("framework floor: JavaScript (gzip)", jsFloor, "KB");
  });
  for (const [label, path] of Object.entries(PAGES)) {
    const html = await (await fetch(`${base}${path}`)).text();
    const hrefs = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
    let js = 0;
    let css = 0;
    const missing = [...hrefs].filter((href) => !existsSync(`${SNAPSHOT}/client${href}`));
    if (missing.length) throw new Error(`${path} loads assets the build does not have (a rebuild during the bench?): ${missing.join(", ")}`);
    for (const href of hrefs) {
      const size = gzipSync(readFileSync(`${SNAPSHOT}/client${href}`)).length;
      if (href.endsWith(".js")) js += size;
      else css += size;
    }
    // The budget is on ours (docs/decisions/0035): the framework alone is ~108 KB (docs/decisions/0012).
    figures.record(`${label}: JavaScript (gzip)`, js / 1024, "KB");
    if (!Number.isNaN(jsFloor)) figures.record(`${label}: our JavaScript, page − floor (gzip)`, js / 1024 - jsFloor, "KB", "≤ 20");
    figures.record(`${label}: CSS (gzip)`, css / 1024, "KB");
  }

  // 4. Server render cost of a branch of 200 and of 1,000 products.
  await section("render cost", () => measureRender(base, figures));

  // 5. Realtime fan-out: trigger to delivery at the last of 100 subscribers of one channel.
  await section("realtime fan-out", async () => {
    const fanOut = await measureFanOut(base, served.vars.REALTIME_SECRET!);
    figures.record(`realtime: subscribers`, fanOut.subscribers, "sockets", "100");
    figures.record("realtime: trigger → last subscriber, p50", fanOut.p50, "ms");
    figures.record("realtime: trigger → last subscriber, p95", fanOut.p95, "ms");
    figures.record("realtime: trigger → last subscriber, max", fanOut.max, "ms");
  });

  // 6. Lighthouse, mobile, on the branch home and a menu page.
  await section("Lighthouse", () => measureLighthouse(base, { "branch home": PAGES["branch home"], "menu page": PAGES["menu page"] }, figures));

  // 6b. Lighthouse's SEO score on the diner's pages and the marketing home, both languages (issue 40).
  await section("Lighthouse SEO", () => measureSeo(base, figures));

  // 7. The first views' visits, flushed by now (at most FLUSH_MS after section 2).
  const flushDue = firstViewsEnded + FLUSH_MS + 2_000;
  await new Promise((r) => setTimeout(r, Math.max(0, flushDue - Date.now())));
  countFirstViewWrites();
  // 8. The city's figures, its last counts flushed (FLUSH_MS after it ended at most).
  await section("city", async () => {
    const ran = city as Awaited<ReturnType<typeof runCity>> | null;
    if (!ran) return;
    await new Promise((r) => setTimeout(r, Math.max(0, ran.endedAt + FLUSH_MS + 2_000 - Date.now())));
    ran.finish(figures);
  });
} finally {
  served.stop();
  // The server's own log (its workers' lines: the visit flushes, any error), for looking into a figure.
  writeFileSync("tmp/bench-server.log", served.log());
}

console.log(figures.write());
if (figures.missed.length) process.exit(1);
