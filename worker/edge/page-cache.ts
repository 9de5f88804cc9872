// Rendered pages at the edge. A GET whose answer declares itself `public` with `s-maxage` (the
// catalogue screens and the marketing pages do; cart and orders are `private, no-store`) is kept
// in the Cache API and served from there, skipping loaders and React, for at most s-maxage and
// never longer than the data cache's fresh window. A hit only swaps in this response's CSP nonce
// (the copy is kept split at the render's nonce, so the swap is a join, not an HTML parse).
//
// What a page depends on, and how the entry keeps to it:
// - host, path and query: the key;
// - the restaurant API it was read from (upstreamSource): hashed into the key, so switching
//   UPSTREAM_URL (or between a backend and the embedded API) never serves the other source's pages;
// - the cookies pages read: the caller (worker/render.ts) reads them once, hands the values to the
//   render and their canonical form (the variant) to the key, which hashes it; the marketing landing's
//   visitor currency (app/lib/page-headers.ts landingGuide) is in the variant too, on that page only;
// - each restaurant's cache version (the purge endpoint bumps it): recorded with the entry and
//   compared on every hit, so a purge drops rendered pages as well as data;
// - visit counting (app/lib/visits.server.ts): the visit keys the render counted are recorded, and a
//   hit counts the diner's unseen ones itself (worker/edge/visits.ts).
// Never stored: another status, an answer that sets a cookie, one rendered from stale data.
import { sha256 } from "../rules/secrets";
import { upstreamSource } from "../upstream";

const KEY_ORIGIN = "https://page-cache.internal";
const VERSIONS_HEADER = "x-page-versions";
const VISITS_HEADER = "x-page-visits";
const NONCE_HEADER = "x-page-nonce";
/** When the stored copy stops being fresh (unix ms): a Cache API hit is remembered in memory no longer. */
const UNTIL_HEADER = "x-page-until";

export interface PageRecord {
  /** Restaurant → cache version, as read while rendering. */
  versions: ReadonlyMap<string, string>;
  /** Visit keys ("m:3") the render counted or would have counted. */
  visits: ReadonlySet<string>;
  /** False when any upstream answer was served stale: such a page must not outlive this request. */
  fresh: boolean;
  /** The CSP nonce the page was rendered with: a hit puts its own in each place it appears. */
  nonce: string;
}

export interface CachedPage {
  response: Response;
  versions: Map<string, string>;
  visits: string[];
}

/**
 * The entry's key, or null when this request can't be answered from the page cache. `variant` is
 * the canonical form of the cookie values the render is given (app/lib/page-headers.ts pageVariant).
 */
export async function pageCacheKey(request: Request, env: Pick<Env, "UPSTREAM_URL">, variant: string): Promise<string | null> {
  if (request.method !== "GET" || request.headers.has("range")) return null;
  const url = new URL(request.url);
  const hash = await variantHash(JSON.stringify([upstreamSource(env), variant]));
  // A URL, not a Request: the Cache API takes either, and a Request built on every hit was ~4 % of its CPU.
  return `${KEY_ORIGIN}/${hash}/${url.protocol.slice(0, -1)}/${url.host}${url.pathname}${url.search}`;
}

// The few variants (language, theme, view, order branches) a site sees are hashed once each.
const hashes = new Map<string, string>();
async function variantHash(text: string): Promise<string> {
  let hash = hashes.get(text);
  if (!hash) {
    hash = await sha256(text);
    if (hashes.size >= 1_000) hashes.clear();
    hashes.set(text, hash);
  }
  return hash;
}

/** Seconds the answer may be kept, or 0 when it must not be. */
export function storableSeconds(response: Response, maxSeconds: number): number {
  if (response.status !== 200 || response.headers.has("set-cookie")) return 0;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store|no-cache)\b/.test(cacheControl)) return 0;
  const sMaxAge = Number(/\bs-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  return Math.max(0, Math.min(sMaxAge, Math.floor(maxSeconds)));
}

export interface PageStore {
  cache: Cache;
  now: number;
  /** How long the in-isolate copy may answer (the data cache's memory window). */
  memoryMs: number;
}

// A few seconds' in-isolate copy of hot pages, as the data cache keeps of hot data: a hit then skips
// the Cache API too. Bounded in bytes; the oldest entries go first.
interface Remembered {
  /** The body's bytes, split at the render's nonce. */
  parts: Uint8Array[];
  status: number;
  headers: [string, string][];
  versions: Map<string, string>;
  visits: string[];
  until: number;
}
const MEMORY_MAX_BYTES = 8 * 1024 * 1024;
const memory = new Map<string, Remembered>();
let memoryBytes = 0;

function remember(url: string, entry: Remembered) {
  forget(url);
  memory.set(url, entry);
  memoryBytes += bodyBytes(entry.parts);
  for (const [oldest] of memory) {
    if (memoryBytes <= MEMORY_MAX_BYTES) break;
    forget(oldest);
  }
}

function forget(url: string) {
  const known = memory.get(url);
  if (!known) return;
  memory.delete(url);
  memoryBytes -= bodyBytes(known.parts);
}

/** Remembers a page (its text split at the nonce) for the memory window, and never past `freshUntil`. */
function rememberFor(store: PageStore, url: string, freshUntil: number, page: Omit<Remembered, "parts" | "until"> & { parts: string[] }) {
  const until = Math.min(store.now + store.memoryMs, freshUntil);
  if (!(until > store.now)) return;
  remember(url, { ...page, versions: new Map(page.versions), visits: [...page.visits], parts: page.parts.map((part) => utf8.encode(part)), until });
}

const bodyBytes = (parts: Uint8Array[]) => parts.reduce((sum, part) => sum + part.byteLength, 0);
const utf8 = new TextEncoder();

/** The body with `nonce` between the parts: byte copies, no text encoding per hit. */
function joined(parts: Uint8Array[], nonce: string): Uint8Array<ArrayBuffer> {
  const between = utf8.encode(nonce);
  const body = new Uint8Array(new ArrayBuffer(bodyBytes(parts) + between.byteLength * (parts.length - 1)));
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      body.set(between, at);
      at += between.byteLength;
    }
    body.set(part, at);
    at += part.byteLength;
  });
  return body;
}

const INTERNAL_HEADERS = [VERSIONS_HEADER, VISITS_HEADER, NONCE_HEADER, UNTIL_HEADER, "x-page-cache-control", "cf-cache-status", "age", "expires"];

/** Keeps a copy of `response` (whose body the caller still sends) under `key`. */
export async function storePage(store: PageStore, key: string, response: Response, record: PageRecord, seconds: number) {
  if (!record.fresh || seconds <= 0) return;
  const body = await response.text();
  // (Stored before the render's Server-Timing and the diner's visits cookie are added.)
  const stored = new Headers(response.headers);
  stored.set(NONCE_HEADER, record.nonce);
  stored.set(VERSIONS_HEADER, [...record.versions].map(([d, v]) => `${encodeURIComponent(d)}=${encodeURIComponent(v)}`).join(","));
  stored.set(VISITS_HEADER, [...record.visits].join(","));
  // The stored copy's own lifetime; the answer sent to browsers keeps the page's Cache-Control.
  stored.set("x-page-cache-control", response.headers.get("cache-control") ?? "");
  stored.set("cache-control", `max-age=${seconds}`);
  stored.set(UNTIL_HEADER, String(store.now + seconds * 1000));
  rememberFor(store, key, store.now + seconds * 1000, {
    parts: body.split(record.nonce),
    status: response.status,
    headers: [...response.headers],
    versions: new Map(record.versions),
    visits: [...record.visits],
  });
  await store.cache.put(key, new Response(body, { status: response.status, headers: stored }));
}

/** The stored page for `key` with `nonce` in place of the render's, if there is one; the caller checks versions before serving it. */
export async function findPage(store: PageStore, key: string, nonce: string): Promise<CachedPage | null> {
  const known = memory.get(key);
  if (known && known.until > store.now) {
    const response = new Response(joined(known.parts, nonce), { status: known.status, headers: known.headers });
    return { response, versions: new Map(known.versions), visits: known.visits };
  }
  if (known) forget(key);
  const stored = await store.cache.match(key);
  const storedNonce = stored?.headers.get(NONCE_HEADER);
  if (!stored || !storedNonce) return null;
  const versions = new Map<string, string>();
  for (const pair of (stored.headers.get(VERSIONS_HEADER) ?? "").split(",")) {
    const [domain, version] = pair.split("=");
    if (domain && version) versions.set(decodeURIComponent(domain), decodeURIComponent(version));
  }
  const visits = (stored.headers.get(VISITS_HEADER) ?? "").split(",").filter(Boolean);
  const headers = new Headers(stored.headers);
  headers.set("cache-control", headers.get("x-page-cache-control") ?? "public");
  for (const name of INTERNAL_HEADERS) headers.delete(name);
  const parts = (await stored.text()).split(storedNonce);
  // The next hits in this isolate skip the Cache API again, as after a render (never past the copy's freshness).
  rememberFor(store, key, Number(stored.headers.get(UNTIL_HEADER)), { parts, status: stored.status, headers: [...headers], versions, visits });
  return { response: new Response(parts.join(nonce), { status: stored.status, headers }), versions, visits };
}

/**
 * Paint first, then the scripts, still before `load`. A script that finishes downloading before the
 * largest picture is painted makes Lighthouse's simulation count every script as needed for that
 * paint (lantern's LCP graph keeps each request that ended before the observed paint; module scripts
 * are never ruled out, having no EvaluateScript event), and on a weak phone they compete with it.
 * So React Router's scripts reach the browser inert (`x-modulepreload`, `x-module`; React does not
 * hydrate those attributes) and AFTER_PAINT turns them back on once the first row of pictures
 * (`fetchpriority="high"`) has loaded and been painted. A tap soon after `load` must work, so the
 * scripts are turned on before `load` can fire: from the moment the pictures have loaded (each held
 * `load` until its load event had run) an image of the 405-byte favicon, requested again from its
 * own load event, holds it (a data: image would spin the main thread, a hidden frame's navigations
 * are long tasks: both showed up as blocking time), and once inserted the scripts hold it themselves
 * until they have run (entry.client hydrates at once). The hold lasts 100 ms at most, so a first
 * frame that is late never keeps `load` waiting (seen under Lighthouse, ~1 run in 16: first paint at
 * 1.3-2.3 s while everything had loaded by 0.3 s; the scripts then come after `load`).
 */
export function scriptsAfterContent(response: Response): Response {
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  let script = "";
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("rel", INERT_PRELOAD);
      },
    })
    .on('script[type="module"]', {
      element(element) {
        element.setAttribute("type", INERT_MODULE);
        const nonce = element.getAttribute("nonce");
        element.after(`<script${nonce === null ? "" : ` nonce="${nonce}"`}>${AFTER_PAINT}</script>`, { html: true });
      },
      // Its text is taken whole and given back with React Router's manifest written without indentation.
      text(chunk) {
        script += chunk.text;
        if (!chunk.lastInTextNode) {
          chunk.remove();
          return;
        }
        chunk.replace(compactManifest(script), { html: true });
        script = "";
      },
    })
    .transform(response);
}

const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\n/;
/**
 * React Router writes the matched routes' manifest indented by two spaces (`JSON.stringify(…, null, 2)`):
 * ~2.5 KB of the menu page's 60 KB are that indentation, on every answer and every page-cache hit.
 * The same JSON unindented; the script as it was if the manifest is not found or does not parse.
 */
export function compactManifest(script: string): string {
  try {
    return script.replace(MANIFEST, (_, head: string, json: string) => `${head}${JSON.stringify(JSON.parse(json))};\n`);
  } catch {
    return script;
  }
}

const INERT_PRELOAD = "x-modulepreload";
const INERT_MODULE = "x-module";
// Runs where the parser meets it (after the stylesheet has loaded, as any classic script does) and
// takes itself out of the DOM at once, so hydration finds the document React rendered. It waits for
// the first row of pictures, then for the first contentful paint's entry (which comes once that frame
// is on screen: a requestAnimationFrame alone can run before it; the observer is buffered, so an entry
// that came before it is delivered too), then two frames more, so the
// pictures that had loaded are shown before any script is requested. A hidden page paints nothing:
// its scripts start at once; a picture still not loaded after 3 s is not waited for any longer.
// Written tight (short names, no indentation): it is in every page's HTML, ~80 bytes gzip less so.
const AFTER_PAINT = `(() => {
document.currentScript.remove();
const d = document, fcp = "first-contentful-paint", painted = () => performance.getEntriesByName(fcp).length;
let started = 0, holding = 1, held = 0;
const start = () => {
if (started) return;
started = 1;
for (const l of d.querySelectorAll('link[rel="${INERT_PRELOAD}"]')) l.rel = "modulepreload";
for (const s of d.querySelectorAll('script[type="${INERT_MODULE}"]')) { s.type = "module"; s.parentNode.insertBefore(s, s.nextSibling); }
};
const hold = new Image();
hold.onload = hold.onerror = () => { if (!started && holding) hold.src = "/favicon.svg?hold=" + ++held; };
const afterFcp = (then) => {
if (painted() || !window.PerformanceObserver) return then();
new PerformanceObserver((l, o) => { if (l.getEntriesByName(fcp).length) { o.disconnect(); then(); } }).observe({ type: "paint", buffered: true });
};
const afterPaint = () => {
if (started || d.visibilityState !== "visible") return start();
hold.onload();
setTimeout(() => { holding = 0; }, 100);
afterFcp(() => requestAnimationFrame(() => requestAnimationFrame(start)));
};
d.addEventListener("visibilitychange", start, { once: true });
const frames = () => { if (!painted()) requestAnimationFrame(frames); };
requestAnimationFrame(frames);
const pictures = [...d.querySelectorAll('img[fetchpriority="high"]')].filter((i) => !i.complete && i.loading !== "lazy");
let waiting = pictures.length;
const loaded = () => { if (--waiting === 0) afterPaint(); };
if (!waiting) afterPaint();
else setTimeout(() => { if (waiting > 0) { waiting = 0; afterPaint(); } }, 3000);
for (const i of pictures) for (const t of ["load", "error"]) i.addEventListener(t, loaded, { once: true });
})();`;
