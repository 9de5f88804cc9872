// Makes each signed purge usable once: one small Durable Object per restaurant domain keeps the
// newest purge timestamp it accepted, and claims a new one only if it is newer (replays and older
// signatures lose). SQLite-backed storage's `kv` is synchronous, so check-and-set cannot interleave.
import { DurableObject } from "cloudflare:workers";

const LAST = "last";

export class PurgeGuard extends DurableObject<Env> {
  /** RPC: claims `timestamp` (unix ms) if it is newer than every one claimed before; false otherwise. */
  claim(timestamp: number): boolean {
    const last = this.ctx.storage.kv.get<number>(LAST) ?? 0;
    if (timestamp <= last) return false;
    this.ctx.storage.kv.put(LAST, timestamp);
    return true;
  }
}

/** The guard of one restaurant domain. */
export function purgeGuardFor(env: Env, domain: string) {
  return env.PURGE_GUARD.get(env.PURGE_GUARD.idFromName(domain));
}
