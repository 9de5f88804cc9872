import type { CacheStatus } from "./cache";

export interface TimingEntry {
  name: string;
  desc: CacheStatus;
  /** performance.now() when the call began. */
  started: number;
  dur: number;
  /** The call failed (its page may be missing a part, so the page cache must not keep it). */
  failed?: boolean;
}

/** Collects one Server-Timing entry per upstream call made while answering one request. Each says
 * when it began (`start`, ms after the request began), so calls made in sequence show as such. */
export class ServerTimings {
  readonly entries: TimingEntry[] = [];
  private readonly began = performance.now();

  /** Records a call that began at `started` and has just ended. */
  add(entry: Omit<TimingEntry, "dur">) {
    this.entries.push({ ...entry, dur: performance.now() - entry.started });
  }

  /** True when every call answered with fresh data (a stored or a new copy). */
  allFresh(): boolean {
    return this.entries.every((e) => !e.failed && (e.desc === "HIT" || e.desc === "MISS"));
  }

  header(): string {
    return this.entries.map((e) => `${e.name};desc="${e.desc}";dur=${e.dur.toFixed(1)};start=${Math.max(0, e.started - this.began).toFixed(1)}`).join(", ");
  }
}
