// Counting a page view's visits (docs/spec.txt section 9) off the answer's critical path, the same way for a
// render and for a page-cache hit: the restaurant's VisitTally (./visit-tally.ts) caps them per client
// network and, for the embedded API, batches them into D1; an external API gets the contract's visit=1
// call for each one that counts. No catalogue is read for it. docs/decisions/0016, 0090.
import { upstreamFor, upstreamSource } from "../upstream";
import { ServerTimings } from "../upstream/timing";
import { addressTag } from "../rules/network-key";
import { BATCH_MS, VISIT_WINDOW_MS } from "../rules/visit-limits";
import { countCallAhead } from "./request-counts";
import { tallyName, visitTallyFor, type TallyView } from "./visit-tally";

/** What a visit is of (docs/spec.txt section 9): branch, menu, category, product. */
export type VisitKind = "b" | "m" | "c" | "p";
const KEY = /^([bmcp]):(\d{1,12})$/;

/** A visit key ("m:3") read back from outside the tracker (a page-cache entry), or null. */
export function visitKey(key: string): { kind: VisitKind; id: number } | null {
  const match = KEY.exec(key);
  return match ? { kind: match[1] as VisitKind, id: Number(match[2]) } : null;
}
/** A page counts a handful (branch, menu, category); more is not a page's. */
const MAX_KEYS_PER_VIEW = 8;

/** Views per tally call at most (an external API's batch makes a visit=1 call per counted visit: ≤ 400). */
const MAX_BATCH_VIEWS = 50;
/** Tally ("source\ndomain") → the views waiting for its next call from this isolate. */
const open = new Map<string, TallyView[]>();

// Clients this isolate knows to be at the cap for an item this hour: their views skip the tally
// (a client looping without cookies then costs no call at all). Bounded; cleared each hour.
const saturated = new Set<string>();
let saturatedHour = 0;
const MAX_SATURATED = 10_000;

/**
 * Counts the visit keys ("m:3") this view counted for the first time, in the background, one tally
 * call per restaurant per BATCH_MS in this isolate: the view that finds no open batch opens one and
 * sends it from its own waitUntil; the views that find it only add their keys to it, and wait on
 * nothing (a request waiting on another request's promise is cancelled by the runtime as hung:
 * docs/decisions/0016). The call is counted in the opener's Server-Timing.
 */
export function recordVisits(request: Request, env: Env, ctx: ExecutionContext, domain: string, keys: readonly string[]) {
  const hour = Math.floor(Date.now() / VISIT_WINDOW_MS);
  if (hour !== saturatedHour) {
    saturated.clear();
    saturatedHour = hour;
  }
  const address = addressTag(request);
  const items = [...new Set(keys)].filter((key) => KEY.test(key) && !saturated.has(`${domain} ${address} ${key}`)).slice(0, MAX_KEYS_PER_VIEW);
  if (items.length === 0) return;
  const source = upstreamSource(env);
  const tally = tallyName(source, domain);
  const waiting = open.get(tally);
  if (waiting && waiting.length < MAX_BATCH_VIEWS) {
    waiting.push({ address, items });
    return;
  }
  const views = [{ address, items }];
  open.set(tally, views);
  const stub = visitTallyFor(env, source, domain);
  countCallAhead("VISITS", stub.id);
  const sent = new Promise((resolve) => setTimeout(resolve, BATCH_MS)).then(() => {
    if (open.get(tally) === views) open.delete(tally);
    return send(env, ctx, stub, source, domain, views);
  });
  ctx.waitUntil(sent.catch((error) => console.error(JSON.stringify({ event: "visits.count_failed", domain, views: views.length, error: String(error) }))));
}

async function send(env: Env, ctx: ExecutionContext, tally: ReturnType<typeof visitTallyFor>, source: string, domain: string, views: TallyView[]) {
  const counted = await tally.countMany(domain, views, source === "embedded");
  views.forEach(({ address, items }, i) => {
    for (const item of items) {
      if (!counted[i]?.includes(item) && saturated.size < MAX_SATURATED) saturated.add(`${domain} ${address} ${item}`);
    }
  });
  if (source === "embedded") return;
  // An external API counts a visit by its visit=1 call: one per counted visit.
  const upstream = upstreamFor(env, ctx, new ServerTimings());
  await Promise.allSettled(
    counted
      .flat()
      .map(visitKey)
      .map((key) => key && upstream.countVisit(domain, key.kind, key.id)),
  );
}
