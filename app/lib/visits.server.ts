// Visit counting (docs/spec.txt section 9): a diner's first view of a branch, menu, category or product in an
// hour counts a visit, later ones do not. One cookie holds "kind:id:expiry" entries, so a returning
// diner's views need no server state. One tracker per request (AppContext.visits), shared by its
// loaders: the answer sets the cookie once and hands what it counted to worker/edge/visits.ts.
import * as v from "valibot";
import { VISIT_WINDOW_MS } from "../../worker/rules/visit-limits";
import type { VisitKind } from "../../worker/edge/visits";
import { cookieName, isSecureUrl, readCookie } from "./cookies.server";

const MAX_ENTRIES = 40; // keeps the cookie well under 1 KB

const Entry = v.pipe(v.string(), v.regex(/^[bmcp]:\d{1,12}:\d{13}$/));

export class VisitTracker {
  private readonly entries = new Map<string, number>();
  private changed = false;
  private readonly name: string;

  /** Every key asked about, counted or not: the page cache keeps them, to count them on a hit. */
  readonly asked = new Set<string>();
  /** The keys this request counted for the first time ("m:3"). */
  readonly counted: string[] = [];
  /** The site is served over https: the cookie is Secure. */
  private readonly secure: boolean;

  constructor(
    request: Request,
    private readonly now = Date.now(),
  ) {
    const url = new URL(request.url);
    this.name = cookieName(url, "visits");
    this.secure = isSecureUrl(url);
    const raw = readCookie(request.headers.get("cookie"), this.name) ?? "";
    for (const item of raw ? raw.split(".") : []) {
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
    this.counted.push(key);
    this.changed = true;
    return true;
  }

  /** The Set-Cookie value when something new was counted, else null. */
  setCookie(): string | null {
    if (!this.changed) return null;
    const newest = [...this.entries].sort((a, b) => b[1] - a[1]).slice(0, MAX_ENTRIES);
    const value = newest.map(([key, expiry]) => `${key}:${expiry}`).join(".");
    const secure = this.secure ? "; Secure" : "";
    return `${this.name}=${value}; Path=/; Max-Age=${VISIT_WINDOW_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
  }
}
