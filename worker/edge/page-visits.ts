// Visit counting on a page-cache hit: the loaders that rendered the page are skipped, so the visits
// they would have counted for this diner (spec section 9, app/lib/visits.server.ts) are counted here,
// with the same catalogue calls and the same cookie.
import type { Upstream } from "../upstream/client";

/** What a visit is of (spec section 9): branch, menu, category, product. */
export type VisitKind = "b" | "m" | "c" | "p";

/** What a hit needs of the diner's visit tracker (app/lib/visits.server.ts, handed in by worker/render.ts). */
interface Visits {
  count(kind: VisitKind, id: number): boolean;
  setCookie(): string | null;
}

const COUNTERS: Record<VisitKind, (upstream: Upstream, domain: string, id: number) => Promise<unknown>> = {
  b: (upstream, domain, id) => upstream.getMenu(domain, id, true),
  m: (upstream, domain, id) => upstream.getCategory(domain, id, true),
  c: (upstream, domain, id) => upstream.getProduct(domain, id, true),
  p: (upstream, domain, id) => upstream.getProductById(domain, id, true),
};

const isKind = (kind: string | undefined): kind is VisitKind => kind !== undefined && kind in COUNTERS;

/** Counts this diner's unseen `keys` ("m:3") in the background; returns the visits Set-Cookie, if any. */
export function countPageVisits(tracker: Visits, upstream: Upstream, domain: string, keys: readonly string[], waitUntil: (p: Promise<unknown>) => void): string | null {
  for (const key of keys) {
    const [kind, id] = key.split(":");
    if (!isKind(kind) || !/^\d{1,12}$/.test(id ?? "")) continue;
    // A failed count must not fail the page, as in the loaders (the cached answer is served either way).
    if (tracker.count(kind, Number(id))) waitUntil(COUNTERS[kind](upstream, domain, Number(id)).catch(() => undefined));
  }
  return tracker.setCookie();
}
