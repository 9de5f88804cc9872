// Lighthouse on the served build: its default config (mobile form factor, simulated throttling),
// performance category only, RUNS runs per page in one headless Chromium. Each figure is the median
// of its metric over the runs, and LCP's budget is on the worst run (it must hold every time); the
// diagnostics come from the run Lighthouse itself calls the median (computeMedianRun: closest to the
// median FCP and TTI). Run directly (`node bench/lighthouse.ts`), it builds and serves the site itself
// and prints only these figures: a quick loop for first-paint work.
// Every run must have loaded every request (a 404 script would make a fast, meaningless page).
// Full reports: tmp/bench-lighthouse/*.json (open them in https://googlechrome.github.io/lighthouse/viewer/).
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { serveBuild } from "../scripts/serve-build.ts";
import { startVars } from "../scripts/start.ts";
import { Figures, median } from "./figures.ts";
import { chromiumPath } from "../scripts/chromium-path.ts";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const RUN_TIMEOUT_MS = 120_000;
const REPORTS = "tmp/bench-lighthouse";

// The flags the browser tests launch with, less what chrome-launcher already sets.
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-dev-shm-usage", "--font-render-hinting=none"];

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Item = Record<string, unknown>;
const itemsOf = (lhr: Result, audit: string): Item[] => {
  const details = lhr.audits[audit]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
};
const num = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

interface NetworkItem {
  url: string;
  statusCode: number;
  resourceType?: string;
  transferSize?: number;
  priority?: string;
  networkRequestTime?: number;
  finished?: boolean;
  failed?: boolean;
}

const requestsOf = (lhr: Result) => itemsOf(lhr, "network-requests") as unknown as NetworkItem[];
const failedRequests = (lhr: Result) => requestsOf(lhr).filter((r) => r.failed || r.statusCode >= 400 || r.statusCode === -1);

/** What a page's figures come from, from Lighthouse's own diagnostics of the median run. */
function diagnostics(label: string, lhr: Result, runs: Result[]): string {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const short = (url: unknown) => String(url).replace(origin, "");
  const lines = [`#### Lighthouse diagnostics: ${label} (${short(lhr.finalDisplayedUrl)}, median of ${runs.length} runs)`];
  const range = (audit: string, unit: (n: number) => string) => {
    const values = runs.map((r) => num(r, audit));
    return `${unit(Math.min(...values))} – ${unit(Math.max(...values))}`;
  };
  lines.push(
    `- Across runs: LCP ${range("largest-contentful-paint", ms)}, FCP ${range("first-contentful-paint", ms)}, TBT ${range("total-blocking-time", ms)}, CLS ${range("cumulative-layout-shift", (n) => n.toFixed(3))}; score ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(", ")}.`,
  );
  lines.push(
    `- Lighthouse's CPU benchmark index of the runs: ${runs.map((r) => Math.round(r.environment.benchmarkIndex)).join(", ")} (lower is a slower or busier machine).`,
  );
  lines.push(
    `- Simulated FCP ${ms(num(lhr, "first-contentful-paint"))}, LCP ${ms(num(lhr, "largest-contentful-paint"))}, Speed Index ${ms(num(lhr, "speed-index"))}, TTI ${ms(num(lhr, "interactive"))}; server response ${ms(num(lhr, "server-response-time"))} (observed).`,
  );

  // The largest contentful element and how its time splits.
  const lcp = itemsOf(lhr, "lcp-breakdown-insight");
  const node = lcp.find((i) => i.type === "node") as { snippet?: string; selector?: string } | undefined;
  const parts = (lcp.find((i) => i.type === "table") as { items?: { label: string; duration: number }[] } | undefined)?.items ?? [];
  if (node) lines.push(`- LCP element: \`${node.snippet}\` (${node.selector})`);
  if (parts.length) lines.push(`- LCP breakdown (observed, unthrottled): ${parts.map((p) => `${p.label} ${ms(p.duration)}`).join(", ")}`);

  // Lantern (the simulation) makes the first paint wait for every request it deems render-blocking
  // that started before the observed first paint: VeryHigh priority (CSS, preloaded fonts) and
  // High-priority scripts, which modulepreloads are (NetworkNode.hasRenderBlockingPriority).
  const requests = requestsOf(lhr);
  const observed = (itemsOf(lhr, "metrics")[0] ?? {}) as { observedFirstContentfulPaint?: number; observedLoad?: number };
  const observedFcp = observed.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const blockingByType = new Map<string, { bytes: number; count: number }>();
  for (const r of requests) {
    const blocks = r.priority === "VeryHigh" || (r.priority === "High" && (r.resourceType === "Script" || r.resourceType === "Document"));
    if (!blocks || (r.networkRequestTime ?? 0) > observedFcp) continue;
    const type = r.resourceType ?? "Other";
    const sum = blockingByType.get(type) ?? { bytes: 0, count: 0 };
    blockingByType.set(type, { bytes: sum.bytes + (r.transferSize ?? 0), count: sum.count + 1 });
  }
  const blockingBytes = [...blockingByType.values()].reduce((s, b) => s + b.bytes, 0);
  lines.push(
    `- Requests: ${requests.length}, ${kb(requests.reduce((s, r) => s + (r.transferSize ?? 0), 0))} transferred. What the simulated first paint waits on ` +
      `(render-blocking to Lantern, started before the observed first paint at ${ms(observedFcp)}; load event ${ms(observed.observedLoad ?? Number.NaN)}): ${kb(blockingBytes)} = ` +
      [...blockingByType]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([type, s]) => `${type} ${s.count} × ${kb(s.bytes)}`)
        .join(", "),
  );
  const blocking = itemsOf(lhr, "render-blocking-insight");
  lines.push(
    `- Render-blocking: ${blocking.length ? blocking.map((b) => `${short(b.url)} (${kb(Number(b.totalBytes))}, ${ms(Number(b.wastedMs))})`).join(", ") : "none"}`,
  );

  const main = itemsOf(lhr, "mainthread-work-breakdown").map((i) => `${i.groupLabel} ${ms(Number(i.duration))}`);
  lines.push(`- Main-thread work ${ms(num(lhr, "mainthread-work-breakdown"))} (×4 CPU slowdown): ${main.join(", ")}`);
  const boot = itemsOf(lhr, "bootup-time")
    .slice(0, 4)
    .map((i) => `${short(i.url)} ${ms(Number(i.total))} (script ${ms(Number(i.scripting))})`);
  if (boot.length) lines.push(`- JavaScript execution: ${boot.join(", ")}`);
  const longTasks = itemsOf(lhr, "long-tasks")
    .slice(0, 4)
    .map((i) => `${short(i.url)} ${ms(Number(i.duration))}`);
  if (longTasks.length) lines.push(`- Long tasks (observed): ${longTasks.join(", ")}`);

  const shifts =
    (
      itemsOf(lhr, "cls-culprits-insight")[0] as
        | {
            items?: {
              node?: { value?: string; snippet?: string; nodeLabel?: string };
              score?: number;
              subItems?: { items?: { cause?: string; extra?: { value?: string } }[] };
            }[];
          }
        | undefined
    )?.items ?? [];
  const culprits = shifts
    .filter((s) => s.node?.value !== "Total")
    .map((s) => {
      const causes = s.subItems?.items?.map((c) => `${c.cause}${c.extra?.value ? ` ${short(c.extra.value)}` : ""}`).join(", ");
      return `${s.node?.snippet?.slice(0, 80) ?? "?"} ${s.score?.toFixed(3)}${causes ? ` (${causes})` : ""}`;
    });
  lines.push(`- Layout shifts: ${culprits.length ? culprits.join("; ") : "none"}`);
  const failed = failedRequests(lhr);
  if (failed.length) lines.push(`- FAILED requests: ${failed.map((r) => `${r.statusCode} ${short(r.url)}`).join(", ")}`);
  return lines.join("\n");
}

/**
 * Leaves a fresh rendered copy of the page in the page cache before its runs, as a diner finds it at a
 * warm edge: otherwise the first run after the copy expired is timed on a render, whose answer also
 * lists its upstream calls in Server-Timing (the menu page then passes a new connection's first TCP
 * window and takes a round trip more: docs/decisions/0089). A render's own cost is ./render.ts's. A render
 * from stale data is not kept, so the page is asked again once its data has been refreshed.
 */
async function warmPage(url: string) {
  for (let i = 0; i < 3; i++) {
    const timing = (await fetch(url)).headers.get("server-timing") ?? "";
    if (/\bpage;desc="HIT"/.test(timing)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function measureLighthouse(base: string, pages: Record<string, string>, figures: Figures) {
  mkdirSync(REPORTS, { recursive: true });
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: await chromiumPath(), chromeFlags: FLAGS, logLevel: "error" });
  } catch (error) {
    figures.record("Lighthouse: Chromium launched", 0, "", "1");
    figures.note(`Lighthouse did not run: Chromium did not start (${(error as Error).message}).`);
    return;
  }
  try {
    for (const [label, path] of Object.entries(pages)) {
      await warmPage(`${base}${path}`);
      const runs: Result[] = [];
      const errors: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        try {
          const result = await withTimeout(
            lighthouse(`${base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], maxWaitForLoad: 45_000 }),
            RUN_TIMEOUT_MS,
            `Lighthouse on ${path}`,
          );
          if (!result) throw new Error("no result");
          writeFileSync(`${REPORTS}/${label.replace(/\W+/g, "-")}-${i + 1}.json`, result.report as string);
          if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
          runs.push(result.lhr);
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
      figures.record(`Lighthouse ${label}: runs completed`, runs.length, "runs", `${RUNS}`);
      if (errors.length) figures.note(`Lighthouse ${label}: ${errors.join("; ")}`);
      if (runs.length === 0) continue;
      // Each budgeted figure is that metric's median over the runs (Lighthouse CI's "median"
      // aggregation); the diagnostics below come from the run Lighthouse calls the median.
      const lhr = computeMedianRun(runs);
      const perRun = (audit: string) => median(runs.map((r) => num(r, audit)));
      const failed = Math.max(...runs.map((r) => failedRequests(r).length));
      figures.record(`Lighthouse ${label}: failed requests (404s and the like)`, failed, "requests", "0");
      figures.record(`Lighthouse ${label}: performance score`, median(runs.map((r) => (r.categories.performance?.score ?? 0) * 100)), "/ 100", "≥ 95");
      figures.record(
        `Lighthouse ${label}: LCP, worst of ${runs.length} runs`,
        Math.max(...runs.map((r) => num(r, "largest-contentful-paint"))),
        "ms",
        "≤ 1500",
      );
      figures.record(`Lighthouse ${label}: LCP, median`, perRun("largest-contentful-paint"), "ms");
      figures.record(`Lighthouse ${label}: CLS`, perRun("cumulative-layout-shift"), "", "≤ 0.01"); // the issue says 0.02; 0 holds
      figures.record(`Lighthouse ${label}: TBT`, perRun("total-blocking-time"), "ms", "≤ 50"); // the issue says 100; ~0 holds
      figures.record(`Lighthouse ${label}: FCP`, perRun("first-contentful-paint"), "ms");
      figures.note(diagnostics(label, lhr, runs));
    }
  } finally {
    chrome.kill();
  }
}

// Standalone: a private copy of the build (a rebuild elsewhere changes nothing served), both pages.
if (import.meta.main) {
  const served = await serveBuild("tmp/lh-state", (dir) => startVars({}, `${dir}/secrets.vars`), { snapshot: "tmp/lh-build" });
  const figures = new Figures();
  try {
    await measureLighthouse(served.baseUrl, { "branch home": "/saffron/1", "menu page": "/saffron/1/1" }, figures);
  } finally {
    served.stop();
  }
  console.log([figures.machine(), "", figures.table(), ...figures.notes.flatMap((n) => ["", n])].join("\n"));
}
