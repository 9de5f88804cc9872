// One small Durable Object per restaurant domain guards the domain's purges:
// - each signed purge is usable once: it keeps the timestamps it accepted while they are inside the
//   signing window, and claims one only if it is not among them (a timestamp is a signature's only
//   variable part, so a replay loses; a future-dated one takes nothing from the others);
// - the domain's cache version (./versions.ts) is written to KV at most once a second: KV takes about
//   one write a second per key, and a chain's managers at rush change more often than that. Bumps that
//   arrive within a second of a write are written together, the latest, a second after it (docs/decisions/0086).
// SQLite-backed storage's `kv` is synchronous, so check-and-set cannot interleave.
import { DurableObject } from "cloudflare:workers";
import { versionKey } from "./versions";

/** How far a purge's timestamp may be from now, either way (worker/edge/purge.ts checks it first). */
export const MAX_SKEW_MS = 5 * 60_000;
/** At most this many purges of one domain inside a window: more is no longer a cache purge. */
const MAX_PURGES_PER_WINDOW = 500;
const USED = "used";
const LAST_WRITE = "version-written-at";
const LAST_ISSUED = "version-issued";
const PENDING = "version-pending";
const DOMAIN = "domain";
/** KV's pace for one key: one write a second. */
const VERSION_WRITE_EVERY_MS = 1_000;

export class PurgeGuard extends DurableObject<Env> {
  /** RPC: claims `timestamp` (unix ms) unless it was claimed already (or the window is full); false then. */
  claim(timestamp: number): boolean {
    // Anything older than the window is refused before it gets here, so those need not be kept.
    const used = (this.ctx.storage.kv.get<number[]>(USED) ?? []).filter((t) => t >= Date.now() - MAX_SKEW_MS);
    if (used.includes(timestamp) || used.length >= MAX_PURGES_PER_WINDOW) return false;
    this.ctx.storage.kv.put(USED, [...used, timestamp]);
    return true;
  }

  /**
   * RPC: moves `domain`'s cache version on and answers the new version, unique to this bump. The first
   * bump in a second writes it to KV at once; later bumps in that second are written together at last
   * write + 1 s (an alarm), KV then holding the latest. The caller's isolate takes its answer at once
   * (./versions.ts), so its own next page reads its change; other isolates read KV within their memo,
   * as after any purge. A version is a time in milliseconds, base 36, one more than the last if need be.
   */
  async bump(domain: string): Promise<string> {
    if (!this.env.PURGE_GUARD.idFromName(domain).equals(this.ctx.id)) throw new Error("This is not that domain's purge guard");
    const kv = this.ctx.storage.kv;
    const now = Date.now();
    const issued = Math.max(now, (kv.get<number>(LAST_ISSUED) ?? 0) + 1);
    kv.put(LAST_ISSUED, issued);
    const version = issued.toString(36);
    const last = kv.get<number>(LAST_WRITE) ?? 0;
    const waiting = kv.get<string>(PENDING) !== undefined;
    if (!waiting && now >= last + VERSION_WRITE_EVERY_MS) {
      kv.put(LAST_WRITE, now);
      await this.env.HOSTS.put(versionKey(domain), version);
      return version;
    }
    kv.put(PENDING, version);
    kv.put(DOMAIN, domain);
    if (!waiting) await this.ctx.storage.setAlarm(last + VERSION_WRITE_EVERY_MS);
    return version;
  }

  /**
   * The shared write a second after the last one: the latest version issued. The pending mark goes
   * before the write, so a bump during it waits for the next write. A failed put is retried (the alarm
   * throws) unless a later bump has a write coming anyway.
   */
  async alarm(): Promise<void> {
    const kv = this.ctx.storage.kv;
    const version = kv.get<string>(PENDING);
    const domain = kv.get<string>(DOMAIN);
    if (version === undefined || domain === undefined) return;
    kv.delete(PENDING);
    kv.put(LAST_WRITE, Date.now());
    try {
      await this.env.HOSTS.put(versionKey(domain), version);
    } catch (error) {
      if (kv.get<string>(PENDING) !== undefined) return;
      kv.put(PENDING, version);
      throw error;
    }
  }
}
