// Makes each signed purge usable once: one small Durable Object per restaurant domain keeps the
// timestamps it accepted while they are inside the signing window, and claims one only if it is not
// among them. A timestamp is a signature's only variable part, so a replay loses; a future-dated one
// takes nothing from the others (a "newest wins" rule let it block every purge until its time).
// SQLite-backed storage's `kv` is synchronous, so check-and-set cannot interleave.
import { DurableObject } from "cloudflare:workers";

/** How far a purge's timestamp may be from now, either way (worker/edge/purge.ts checks it first). */
export const MAX_SKEW_MS = 5 * 60_000;
/** At most this many purges of one domain inside a window: more is no longer a cache purge. */
const MAX_PURGES_PER_WINDOW = 500;
const USED = "used";

export class PurgeGuard extends DurableObject<Env> {
  /** RPC: claims `timestamp` (unix ms) unless it was claimed already (or the window is full); false then. */
  claim(timestamp: number): boolean {
    // Anything older than the window is refused before it gets here, so those need not be kept.
    const used = (this.ctx.storage.kv.get<number[]>(USED) ?? []).filter((t) => t >= Date.now() - MAX_SKEW_MS);
    if (used.includes(timestamp) || used.length >= MAX_PURGES_PER_WINDOW) return false;
    this.ctx.storage.kv.put(USED, [...used, timestamp]);
    return true;
  }
}

/** The guard of one restaurant domain. */
export function purgeGuardFor(env: Env, domain: string) {
  return env.PURGE_GUARD.get(env.PURGE_GUARD.idFromName(domain));
}
