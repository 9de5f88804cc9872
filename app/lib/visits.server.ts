// Visit counting (spec section 9): the first request for a branch, menu, category or product in an
// hour sends visit=1 upstream, later ones visit=0. One cookie holds "kind:id:expiry" entries, so
// counting never needs server state and never defeats the edge cache (see worker/upstream/cache.ts).
// One tracker per request (AppContext.visits), shared by its loaders, so the answer sets the
// cookie once (worker/render.ts) with every item the page counted.
import * as v from "valibot";
import type { VisitKind } from "../../worker/edge/page-visits";
import { cookieName, isSecureUrl, readCookie } from "./cookies.server";

export const VISIT_WINDOW_MS = 3_600_000;
const MAX_ENTRIES = 40; // keeps the cookie well under 1 KB

const Entry = v.pipe(v.string(), v.regex(/^[bmcp]:\d{1,12}:\d{13}$/));

export class VisitTracker {
  private readonly entries = new Map<string, number>();
  private changed = false;
  private readonly name: string;

  /** Every key asked about, counted or not: the page cache counts them itself on a hit (worker/edge/page-visits.ts). */
  readonly asked = new Set<string>();

  constructor(
    private readonly request: Request,
    private readonly now = Date.now(),
  ) {
    const url = new URL(request.url);
    this.name = cookieName(url, "visits");
    const raw = readCookie(request.headers.get("cookie"), this.name) ?? "";
    for (const item of raw.split(".")) {
      if (!v.is(Entry, item)) continue; // a tampered or foreign entry is ignored, never an error
      const [kind, id, expiry] = item.split(":");
      if (Number(expiry) > now) this.entries.set(`${kind}:${id}`, Number(expiry));
    }
  }

  /** True the first time `kind:id` is seen in the window; records it. */
  count(kind: VisitKind, id: number): boolean {
    const key = `${kind}:${id}`;
    this.asked.add(key);
    if (this.entries.has(key)) return false;
    this.entries.set(key, this.now + VISIT_WINDOW_MS);
    this.changed = true;
    return true;
  }

  /** The Set-Cookie value when something new was counted, else null. */
  setCookie(): string | null {
    if (!this.changed) return null;
    const newest = [...this.entries].sort((a, b) => b[1] - a[1]).slice(0, MAX_ENTRIES);
    const value = newest.map(([key, expiry]) => `${key}:${expiry}`).join(".");
    const secure = isSecureUrl(new URL(this.request.url)) ? "; Secure" : "";
    return `${this.name}=${value}; Path=/; Max-Age=${VISIT_WINDOW_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
  }
}
