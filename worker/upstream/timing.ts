import type { CacheStatus } from "./cache";

export interface TimingEntry {
  name: string;
  desc: CacheStatus;
  dur: number;
}

/** Collects one Server-Timing entry per upstream call made while answering one request. */
export class ServerTimings {
  readonly entries: TimingEntry[] = [];

  add(entry: TimingEntry) {
    this.entries.push(entry);
  }

  header(): string {
    return this.entries.map((e) => `${e.name};desc="${e.desc}";dur=${e.dur.toFixed(1)}`).join(", ");
  }
}
