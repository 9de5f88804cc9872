// What the bench reads off a page's answer (the upstream calls in Server-Timing, the visit cookie a
// returning visitor would send back) and off the server's log (the visit tally's D1 flushes).

export interface UpstreamTiming {
  name: string;
  /** The edge cache's answer for the call: HIT, MISS, STALE… (worker/upstream/cache.ts). */
  desc: string;
  dur: number;
  /** Milliseconds after the request began that the call began (the worker's `start` parameter). */
  start: number;
}

/** Entries the worker adds that are not upstream calls: the page cache's and the render's own, and the
 * stores' counts (`d1`, `do-…`: worker/edge/request-counts.ts, read by ./city.ts). */
const OWN_ENTRIES = new Set(["page", "render"]);
export const isOwnEntry = (name: string) => OWN_ENTRIES.has(name) || name === "d1" || name.startsWith("do-");

/** Every Server-Timing entry of an answer. */
export const allTimingsOf = (res: Response): UpstreamTiming[] =>
  (res.headers.get("server-timing") ?? "")
    .split(",")
    .filter(Boolean)
    .map((e) => {
      const [name, ...params] = e.trim().split(";");
      const desc = /desc="([^"]+)"/.exec(params.join(";"))?.[1] ?? "";
      const dur = Number(/dur=([\d.]+)/.exec(params.join(";"))?.[1] ?? 0);
      const start = Number(/start=([\d.]+)/.exec(params.join(";"))?.[1] ?? 0);
      return { name: name!, desc, dur, start };
    });

/** The upstream calls of an answer. */
export const timingsOf = (res: Response): UpstreamTiming[] => allTimingsOf(res).filter((t) => !isOwnEntry(t.name));

/** The milliseconds the worker spent rendering, or null for an answer that was not rendered. */
export const renderMsOf = (res: Response): number | null => allTimingsOf(res).find((t) => t.name === "render")?.dur ?? null;

/**
 * The visits cookie (app/lib/visits.server.ts) as a browser would keep it. A page's layout and
 * route may each send one; their entries are merged here so that, once every entry is held, no
 * request counts a visit, and so none refreshes the cache in the background while being timed.
 */
export class VisitCookie {
  private readonly entries = new Map<string, string>();

  take(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const value = /^visits=([^;]*)/.exec(header)?.[1];
      for (const entry of value?.split(".") ?? []) {
        const [kind, id] = entry.split(":");
        if (kind && id) this.entries.set(`${kind}:${id}`, entry);
      }
    }
  }

  get header(): Record<string, string> {
    return this.entries.size ? { cookie: `visits=${[...this.entries.values()].join(".")}` } : {};
  }
}

/** How many calls ran one after another at most: 1 when every call was asked at once. (A call that
 * began after another had ended waited for it; the longest such chain is the number of rounds.) */
export function sequentialRounds(calls: readonly UpstreamTiming[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const chain: number[] = [];
  sorted.forEach((call, i) => {
    const before = sorted.slice(0, i).map((prior, j) => (call.start >= prior.start + prior.dur ? chain[j]! : 0));
    chain.push(1 + Math.max(0, ...before));
  });
  return Math.max(0, ...chain);
}

let diners = 0;
/** The headers of a new diner: no cookie, an address of its own (worker/rules/network-key.ts). */
export function newDiner(): Record<string, string> {
  diners += 1;
  return { "cf-connecting-ip": `10.${(diners >> 16) & 255}.${(diners >> 8) & 255}.${diners & 255}` };
}

/** The VisitTally's flush lines in the server's log (worker/edge/visit-tally.ts), in order. */
export function visitFlushes(log: string): { domain: string; statements: number; visits: number }[] {
  return [...log.matchAll(/\{"event":"visits\.flush"[^\n]*\}/g)].map((m) => JSON.parse(m[0]) as { domain: string; statements: number; visits: number });
}
