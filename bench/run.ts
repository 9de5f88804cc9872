// `npm run bench`: serves the production build with the demo data and measures, in one run,
// throughput against a static floor, upstream calls per page view (warm and cold) and the gzip
// weight of what each screen loads. Writes bench/results.json and bench/results.md; exits 1 when
// a budget is missed. Not part of `npm test`.
import autocannon from "autocannon";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { purgeSignature } from "../worker/edge/purge-signature.ts";
import { serveBuild } from "../scripts/serve-build.ts";

interface Figure { name: string; value: number; unit: string; budget: string | null; ok: boolean }
const figures: Figure[] = [];
const record = (name: string, value: number, unit: string, budget: string | null = null, ok = true) =>
  figures.push({ name, value: Math.round(value * 100) / 100, unit, budget, ok });

const PURGE = "bench-purge-secret";
const served = await serveBuild("tmp/bench-state", { PURGE_SECRET: PURGE, ENVIRONMENT: "test" });
const base = served.baseUrl;
const PAGES = { "branch list": "/saffron", "branch home": "/saffron/1", "menu page": "/saffron/1/1" };

const timingsOf = (res: Response) =>
  (res.headers.get("server-timing") ?? "").split(",").filter(Boolean).map((e) => {
    const [name, ...params] = e.trim().split(";");
    const desc = /desc="([^"]+)"/.exec(params.join(";"))?.[1] ?? "";
    const dur = Number(/dur=([\d.]+)/.exec(params.join(";"))?.[1] ?? 0);
    return { name: name!, desc, dur };
  });

try {
  // 1. Upstream calls per page view: cold (after a purge), then warm.
  const timestamp = String(Date.now());
  await fetch(`${base}/_edge/purge/saffron`, { method: "POST", headers: { "x-purge-timestamp": timestamp, "x-purge-signature": await purgeSignature(PURGE, "saffron", timestamp) } });
  const started = performance.now();
  const cold = timingsOf(await fetch(`${base}${PAGES["branch home"]}`));
  const pageMs = performance.now() - started;
  record("cold branch home: upstream calls", cold.length, "calls");
  // The loader asks both calls at once; sequential calls would make the page take their sum.
  record("cold branch home: sum of upstream call times", cold.reduce((s, t) => s + t.dur, 0), "ms");
  record("cold branch home: longest upstream call", Math.max(0, ...cold.map((t) => t.dur)), "ms");
  record("cold branch home: whole answer", pageMs, "ms");
  for (const [label, path] of Object.entries(PAGES)) {
    await fetch(`${base}${path}`);
    const warm = timingsOf(await fetch(`${base}${path}`));
    const misses = warm.filter((t) => t.desc !== "HIT").length;
    record(`warm ${label}: upstream calls that were not HIT`, misses, "calls", "0", misses === 0);
  }

  // 2. Throughput, each page against a static file of the same server.
  const run = async (path: string) => {
    const result = await autocannon({ url: `${base}${path}`, connections: 10, duration: 3 });
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };
  const floor = await run("/favicon.svg");
  record("static floor req/s", floor.rps, "req/s");
  for (const [label, path] of Object.entries(PAGES)) {
    const r = await run(path);
    record(`${label} req/s`, r.rps, "req/s");
    record(`${label} p50`, r.p50, "ms");
    record(`${label} p99`, r.p99, "ms");
    const ratio = r.rps / floor.rps;
    record(`${label} req/s / static floor`, ratio * 100, "%", label === "menu page" ? "≥ 40" : null, label !== "menu page" || ratio >= 0.4);
  }

  // 3. Client weight: gzip bytes of the scripts and styles each screen's HTML loads.
  for (const [label, path] of Object.entries(PAGES)) {
    const html = await (await fetch(`${base}${path}`)).text();
    const hrefs = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
    let js = 0;
    let css = 0;
    for (const href of hrefs) {
      const size = gzipSync(readFileSync(`build/client${href}`)).length;
      if (href.endsWith(".js")) js += size;
      else css += size;
    }
    record(`${label}: JavaScript (gzip)`, js / 1024, "KB", label === "menu page" ? "≤ 120" : null, label !== "menu page" || js / 1024 <= 120);
    record(`${label}: CSS (gzip)`, css / 1024, "KB");
  }
} finally {
  served.stop();
}

const table = ["| figure | value | unit | budget | |", "|---|---|---|---|---|",
  ...figures.map((f) => `| ${f.name} | ${f.value} | ${f.unit} | ${f.budget ?? ""} | ${f.budget ? (f.ok ? "✓" : "✗ missed") : ""} |`)].join("\n");
writeFileSync("bench/results.json", `${JSON.stringify(figures, null, 2)}\n`);
writeFileSync("bench/results.md", `${table}\n`);
console.log(table);
if (figures.some((f) => !f.ok)) process.exit(1);
