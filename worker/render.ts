// Pages: from the page cache when a fresh rendered copy is there, else rendered by React Router
// with the request's AppContext (and kept when the answer says it may be).
import { createRequestHandler, RouterContextProvider } from "react-router";
import { appContext } from "../app/context";
import { landingGuide, pageVariant, readPageCookies, type PageCookies } from "../app/lib/page-headers";
import { PRIVATE_HEADERS } from "../app/lib/route-headers";
import { VisitTracker } from "../app/lib/visits.server";
import { PageHead, headTags } from "../app/lib/page-head.server";
import { consoleSessionId } from "../app/lib/console-session.server";
import { findPage, pageCacheKey, storableSeconds, storePage, scriptsAfterContent, type PageRecord, type PageStore } from "./edge/page-cache";
import { recordVisits, visitKey } from "./edge/visits";
import { customHostOf, type HostTenant } from "./directory/hosts";
import { previewOf } from "./directory/preview";
import { tenantVersion } from "./directory/versions";
import { orderingFor, upstreamFor } from "./upstream";
import { cachePolicy } from "./upstream/policy";
import { ServerTimings } from "./upstream/timing";
import { isRestaurantSide } from "./edge/restaurant-side";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const pageStore = (env: Env): PageStore => ({
  // `caches.default` is Workers-only; the DOM lib's CacheStorage type shadows it.
  cache: (caches as unknown as { default: Cache }).default,
  now: Date.now(),
  memoryMs: cachePolicy(env).memoryMs,
});

interface PageRequest {
  request: Request;
  env: Env;
  ctx: ExecutionContext;
  nonce: string;
  host: Exclude<HostTenant, { kind: "unknown" }>;
}

export async function renderPage(page: PageRequest): Promise<Response> {
  // Read once: the render is given these values and the key is made from them, so a page is only
  // ever shared with requests that would render it the same. A Cookie header that reads two ways
  // gets its own render, never a shared copy.
  const cookies = await readPageCookies(page.request, page.env);
  // In development a code change must show on the next reload, not a minute later.
  const url = new URL(page.request.url);
  const personal = isRestaurantSide(url.pathname);
  // The restaurant's side lives on the site's own hosts only, never on a restaurant's custom hostname.
  if (personal && page.host.kind !== "app") return new Response("Not found", { status: 404, headers: PRIVATE_HEADERS });
  // A member's preview of their draft restaurant is theirs alone, like the console.
  const preview = personal ? null : await previewOf(url, consoleSessionId(page.request), page.env, page.host);
  // It is personal: never looked up in or stored to the shared page cache.
  const cacheable = page.env.ENVIRONMENT !== "development" && cookies.shareable && !personal && !preview;
  const key = cacheable ? await pageCacheKey(page.request, page.env, pageVariant(cookies, landingGuide(page.request, page.host)?.currency)) : null;
  if (key) {
    const cached = await fromPageCache(page, key);
    if (cached) return cached;
  }
  // The restaurant's side and a member's preview are theirs alone: private whatever a route answered
  // (its own headers say so too: app/lib/route-headers.ts), a resource route's or an error's answer included.
  if (personal || preview) {
    const answer = await render(page, cookies, null, preview);
    answer.headers.set("Cache-Control", PRIVATE_HEADERS["Cache-Control"]);
    return answer;
  }
  return render(page, cookies, key);
}

async function fromPageCache({ request, env, ctx, nonce }: PageRequest, key: string): Promise<Response | null> {
  const started = performance.now();
  const found = await findPage(pageStore(env), key, nonce);
  if (!found) return null;
  // A purge since the page was rendered makes it a miss (the render then replaces it).
  for (const [domain, version] of found.versions) {
    if ((await tenantVersion(env.HOSTS, domain)) !== version) return null;
  }
  const response = found.response;
  // The visits the render counted are this diner's to count too, if unseen (no catalogue is read).
  const [domain] = found.versions.keys();
  if (domain && found.visits.length > 0) {
    const visits = new VisitTracker(request);
    for (const key of found.visits.map(visitKey)) if (key) visits.count(key.kind, key.id);
    countVisits({ request, env, ctx }, domain, visits, response.headers);
  }
  response.headers.append("Server-Timing", `page;desc="HIT";dur=${(performance.now() - started).toFixed(1)}`);
  return response;
}

/** Counts what this view saw for the first time (in the background) and sets the diner's visits cookie. */
function countVisits({ request, env, ctx }: Pick<PageRequest, "request" | "env" | "ctx">, domain: string, visits: VisitTracker, headers: Headers) {
  recordVisits(request, env, ctx, domain, visits.counted);
  const cookie = visits.setCookie();
  if (cookie) headers.append("Set-Cookie", cookie);
}

async function render(page: PageRequest, pageCookies: PageCookies, key: string | null, preview: string | null = null): Promise<Response> {
  const { request, env, ctx } = page;
  const timings = new ServerTimings();
  const versions = new Map<string, string>();
  const visits = new VisitTracker(request);
  const head = new PageHead(new URL(request.url), (domain) => customHostOf(env.HOSTS, domain));
  const context = new RouterContextProvider();
  context.set(appContext, {
    env,
    ctx,
    nonce: page.nonce,
    host: page.host,
    upstream: upstreamFor(env, ctx, timings, versions, preview),
    ordering: orderingFor(env, ctx, timings, request.headers.get("cf-connecting-ip")),
    visits,
    pageCookies,
    preview,
    // A client navigation's data request has no head to write.
    head: new URL(request.url).pathname.endsWith(".data") ? undefined : head,
  });
  const started = performance.now();
  let response = scriptsAfterContent(withHead(await requestHandler(request, context), head, page, preview));
  // Loaders and React up to the first byte (for crawlers, which get the whole document at once,
  // the whole render): what the benchmark's render cost reads.
  const renderMs = performance.now() - started;
  if (key) response = keepCopy(page, key, response, { versions, visits: visits.asked, fresh: timings.allFresh(), nonce: page.nonce });
  const answer = new Response(response.body, response);
  // A page that was not shown (404, an error) counts no visit.
  const [domain] = versions.keys();
  if (domain && response.status === 200) countVisits(page, domain, visits, answer.headers);
  answer.headers.append("Server-Timing", [timings.header(), `render;dur=${renderMs.toFixed(1)}`].filter(Boolean).join(", "));
  return answer;
}

/** Stores a copy of a storable answer in the background and returns the answer to send. (The
 * visits cookie is added after this: it is this diner's, and a hit counts visits itself.) */
function keepCopy({ env, ctx }: PageRequest, key: string, response: Response, record: PageRecord): Response {
  const seconds = storableSeconds(response, cachePolicy(env).freshMs / 1000);
  if (seconds <= 0 || !record.fresh || !response.body) return response;
  const [sent, kept] = response.body.tee();
  ctx.waitUntil(storePage(pageStore(env), key, new Response(kept, response), record, seconds));
  return new Response(sent, response);
}

const HTML_TEXT: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

/**
 * The page's search and sharing tags (app/lib/page-head.server.ts) at the end of its <head>, after its
 * <title> (read as rendered, so og:title is the title). A page that is not publicly cacheable is personal
 * (cart, orders, a draft's preview): only `noindex`. React skips tags it did not render in the head.
 */
function withHead(response: Response, head: PageHead, { request, nonce }: PageRequest, preview: string | null): Response {
  if (!head.base || response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const personal = Boolean(preview) || !/\bpublic\b/.test(response.headers.get("cache-control") ?? "");
  let title = "";
  return new HTMLRewriter()
    .on("head > title", {
      text(chunk) {
        title += chunk.text;
      },
    })
    .on("head", {
      element(element) {
        element.onEndTag((end) => {
          const text = title.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => HTML_TEXT[entity] ?? entity);
          end.before(headTags(head, { url: new URL(request.url), title: text, nonce, personal }), { html: true });
        });
      },
    })
    .transform(response);
}
