import type { CacheStatus } from "./cache";

export interface TimingEntry {
  name: string;
  desc: CacheStatus;
  dur: number;
  /** The call failed (its page may be missing a part, so the page cache must not keep it). */
  failed?: boolean;
}

/** Collects one Server-Timing entry per upstream call made while answering one request. */
export class ServerTimings {
  readonly entries: TimingEntry[] = [];

  add(entry: TimingEntry) {
    this.entries.push(entry);
  }

  /** True when every call answered with fresh data (a stored or a new copy). */
  allFresh(): boolean {
    return this.entries.every((e) => !e.failed && (e.desc === "HIT" || e.desc === "MISS"));
  }

  header(): string {
    return this.entries.map((e) => `${e.name};desc="${e.desc}";dur=${e.dur.toFixed(1)}`).join(", ");
  }
}
