// Server render cost of the menu page for the generated branches of 200 and 1,000 products
// (scripts/seed/bench-catalogue.ts). Each page is warmed until the edge data cache holds every
// upstream answer and the visit cookie is complete, then requested one at a time, the pages
// interleaved (so a burst of load from elsewhere on the machine hits all alike), with the worker's
// own round trip (/healthz) as a floor.
//
// Rendered pages are themselves kept a few seconds (worker/edge/page-cache.ts), so a render timing
// asks a query string no one asked before (the loaders ignore it): a page-cache miss, rendered by
// React Router from HIT upstream data. Each timed answer must show exactly that in Server-Timing
// (upstream calls, all HIT, and no `page` entry); the page-cache hit is timed on its own as well.
//
// The menu page lists the products of ONE category (the first, or ?category=): the generated menus
// have ten categories each, so the page renders 20 cards for the 200-product branch and 100 for the
// 1,000-product one, while the branch layout's loader reads every product of the branch
// (getProductPriceOffer) on both.
import { gzipSync } from "node:zlib";
import { BENCH_BRANCHES, BENCH_CATEGORIES_PER_MENU, benchMenuPath } from "../scripts/seed/bench-catalogue.ts";
import { percentile, type Figures } from "./figures.ts";
import { allTimingsOf, isOwnEntry, renderMsOf, VisitCookie, type UpstreamTiming } from "./http.ts";

const WARM_UP = 5;
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SAMPLES = 40;

/** What a timed answer must have been: a render from cached data, a page-cache hit, or anything. */
type Expect = "render" | "page hit" | null;

interface Target {
  label: string;
  path: string;
  expect: Expect;
  cookie: VisitCookie;
  times: number[];
  /** The worker's own render time of each answer (Server-Timing `render`), for rendered pages. */
  renderTimes: number[];
  /** Timed answers that were not what `expect` says (an upstream MISS, a page-cache hit…). */
  unexpected: number;
  html: string;
}

const target = (label: string, path: string, expect: Expect): Target => ({
  label,
  path,
  expect,
  cookie: new VisitCookie(),
  times: [],
  renderTimes: [],
  unexpected: 0,
  html: "",
});

const cardsOf = (t: Target) => t.html.match(/data-testid="product-card"/g)?.length ?? 0;

function asExpected(expect: Expect, timings: UpstreamTiming[]) {
  const page = timings.filter((t) => t.name === "page");
  const upstream = timings.filter((t) => !isOwnEntry(t.name));
  if (expect === "render") return page.length === 0 && upstream.length > 0 && upstream.every((t) => t.desc === "HIT");
  if (expect === "page hit") return page.length === 1 && page[0]!.desc === "HIT";
  return true;
}

let unique = 0;

async function timed(base: string, t: Target) {
  const url = `${base}${t.path}${t.expect === "render" ? `?_bench=${Date.now()}-${unique++}` : ""}`;
  const started = performance.now();
  // As a crawler: the worker then renders the whole document before answering, so its `render`
  // timing covers all of it (a browser's answer streams and is timed to the first byte).
  const res = await fetch(url, { headers: { ...t.cookie.header, "user-agent": CRAWLER } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${t.path} answered ${res.status}: ${body.replace(/\s+/g, " ").slice(0, 300)}`);
  t.cookie.take(res);
  return { ms, body, renderMs: renderMsOf(res), expected: asExpected(t.expect, allTimingsOf(res)) };
}

export async function measureRender(base: string, figures: Figures) {
  const floor = target("worker round trip (/healthz)", "/healthz", null);
  // The demo menu page (5 cards, a branch of ~70 products): a third point for the fixed cost.
  const demo = target("menu page, demo branch (/saffron/1/1)", "/saffron/1/1", "render");
  const pages = BENCH_BRANCHES.map((products) => target(`menu page, branch of ${products} products`, benchMenuPath(products), "render"));
  const hits = BENCH_BRANCHES.map((products) => target(`menu page, branch of ${products} products, from the page cache`, benchMenuPath(products), "page hit"));
  const targets = [floor, demo, ...pages, ...hits];

  // Warm: fill the data cache, the page cache and the visit cookie; let the isolate's JIT see each page.
  for (const t of targets) {
    for (let i = 0; i < WARM_UP; i++) await timed(base, t);
  }
  for (let i = 0; i < SAMPLES; i++) {
    for (const t of targets) {
      const { ms, body, renderMs, expected } = await timed(base, t);
      t.times.push(ms);
      if (renderMs !== null) t.renderTimes.push(renderMs);
      if (!expected) t.unexpected++;
      t.html = body;
    }
  }

  for (const t of targets) {
    figures.record(`${t.label}: p50 of ${SAMPLES} sequential warm requests (round trip)`, percentile(t.times, 50), "ms");
    if (t.expect === "render") {
      figures.record(`${t.label}: server render p50 (Server-Timing)`, percentile(t.renderTimes, 50), "ms");
      figures.record(`${t.label}: server render p95`, percentile(t.renderTimes, 95), "ms");
    }
    figures.record(`${t.label}: p95`, percentile(t.times, 95), "ms");
    if (t.expect === "render") figures.record(`${t.label}: timed answers not rendered from all-HIT upstream data`, t.unexpected, "requests", "0");
    if (t.expect === "page hit") figures.record(`${t.label}: timed answers not a page-cache HIT`, t.unexpected, "requests", "0");
    if (t.expect !== "render") continue;
    figures.record(`${t.label}: product cards on the page${t === demo ? "" : ` (1 of ${BENCH_CATEGORIES_PER_MENU} categories)`}`, cardsOf(t), "cards");
    figures.record(`${t.label}: HTML`, Buffer.byteLength(t.html) / 1024, "KB");
    // The loader data streamed to the client for hydration rides in inline scripts.
    const inline = [...t.html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]!), 0);
    figures.record(`${t.label}: of the HTML, inline scripts (loader data)`, inline / 1024, "KB");
    figures.record(`${t.label}: HTML (gzip)`, gzipSync(t.html).length / 1024, "KB");
  }

  const [small, large] = pages.map((p) => percentile(p.renderTimes, 50)) as [number, number];
  // A straight line through the two generated pages: what a card adds, what every page costs.
  // (Each extra card also comes with 8 more branch products that the layout's loader reads.)
  const perCard = (large - small) / (cardsOf(pages[1]!) - cardsOf(pages[0]!));
  figures.record("menu page render: cost per card, slope from the 200- to the 1000-product branch", perCard, "ms");
  figures.record("menu page render: cost at zero cards (intercept)", small - perCard * cardsOf(pages[0]!), "ms");
  figures.record(`server render ratio: ${BENCH_BRANCHES[1]} / ${BENCH_BRANCHES[0]} products, p50`, large / small, "×", "≤ 5.5");
  // The 200-product page against the demo branch's, rendered in the same run: a ratio, so the budget says
  // what the code costs, not how fast this machine is today (it was "≤ 8 ms", met or missed by the machine:
  // the runs kept in docs/bench.md measured 1.38–1.5 ×; docs/decisions/0080).
  figures.record(
    `server render ratio: ${BENCH_BRANCHES[0]}-product menu page / the demo branch's, p50`,
    small / percentile(demo.renderTimes, 50),
    "×",
    "≤ 1.6",
  );
}
