// Counted visits of one restaurant (docs/spec.txt section 9), one Durable Object per restaurant and API source:
// it caps what one client network can count per item per hour, so a loop without cookies can't pump
// the counts, and for the embedded API it sums the counts and writes them to the restaurant's object
// (its catalogue) in one batch a minute (VISITS_FLUSH_SECONDS) on an alarm, so a thousand first views
// cost a handful of writes.
// The sums wait in the object's own storage (one row, rewritten within a quarter second of a count):
// an isolate or an idle object going away loses none. docs/decisions/0016.
// Each sum is kept per hour counted in ("m:3@488000"), so the flush also fills the insights' hourly
// buckets (docs/decisions/0007).
import { DurableObject } from "cloudflare:workers";
import { addVisits } from "../contract/queries";
import type { CountedTable, HourlyVisits } from "../restaurant/visit-rows";
import { visitsFlushMs } from "../upstream/policy";
import { unixHour } from "../rules/visit-hours";
import { PER_CLIENT_HOURLY, SAVE_MS, VISIT_WINDOW_MS } from "../rules/visit-limits";

/** Bounds on memory and storage: past them, new clients or items (per hour) are not counted until the next hour/flush. */
const MAX_CLIENT_ITEMS = 50_000;
const MAX_PENDING_ITEMS = 5_000;
/** Views per call at most (a batch is smaller: ./visits.ts). */
const MAX_VIEWS = 500;

/** One page view's unseen items ("m:3") and its client network (../rules/network-key.ts). */
export interface TallyView {
  address: string;
  items: string[];
}

const PENDING = "pending";
const DOMAIN = "domain";
const TABLES: Record<string, CountedTable> = { b: "branches", m: "menus", c: "categories", p: "products" };
/** The kinds with hourly buckets (what the insights screen reads). */
const HOURLY = new Set(["b", "m", "p"]);
/** A pending sum's key: the item and the unix hour its visits were counted in. */
const pendingKey = (item: string, hour: number) => `${item}@${hour}`;

export class VisitTally extends DurableObject<Env> {
  private hour = 0;
  /** `${address} ${item}` → visits counted this hour. Atomic: the object runs one call at a time between awaits. */
  private readonly perClient = new Map<string, number>();
  private flushScheduled = false;
  private domain: string | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** "item@hour" → visits not yet written; the same in storage ("pending") after every change. */
  private readonly pending: Map<string, number>;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Sums saved before they were kept per hour ("m:3") are filed under this hour.
    const now = unixHour(Date.now());
    this.pending = new Map(
      Object.entries(ctx.storage.kv.get<Record<string, number>>(PENDING) ?? {}).map(([key, n]) => [key.includes("@") ? key : pendingKey(key, now), n]),
    );
    this.domain = ctx.storage.kv.get<string>(DOMAIN);
    // Sums left by an earlier life always have a flush coming.
    if (this.pending.size > 0) {
      void ctx.blockConcurrencyWhile(async () => {
        if ((await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now() + visitsFlushMs(env));
      });
    }
  }

  /**
   * RPC: counts each view's `items` ("m:3") seen from its `address` and returns, per view, those that
   * count (under the cap). `accumulate`: the embedded API's counts are summed here and flushed to the
   * restaurant's object for `domain`. The views of one isolate's batch (./visits.ts), at most MAX_VIEWS.
   */
  async countMany(domain: string, views: readonly TallyView[], accumulate: boolean): Promise<string[][]> {
    const hour = Math.floor(Date.now() / VISIT_WINDOW_MS);
    if (hour !== this.hour) {
      this.hour = hour;
      this.perClient.clear();
    }
    const counted = views.slice(0, MAX_VIEWS).map(({ address, items }) => [...new Set(items)].filter((item) => this.claim(`${address} ${item}`)));
    if (accumulate && counted.some((items) => items.length > 0)) await this.accumulate(domain, counted.flat());
    return counted;
  }

  private claim(key: string): boolean {
    const seen = this.perClient.get(key) ?? 0;
    if (seen >= PER_CLIENT_HOURLY || (seen === 0 && this.perClient.size >= MAX_CLIENT_ITEMS)) return false;
    this.perClient.set(key, seen + 1);
    return true;
  }

  private async accumulate(domain: string, items: string[]) {
    if (this.domain !== domain) {
      this.domain = domain;
      this.ctx.storage.kv.put(DOMAIN, domain);
    }
    const hour = unixHour(Date.now());
    for (const item of items) {
      const key = pendingKey(item, hour);
      if (this.pending.has(key) || this.pending.size < MAX_PENDING_ITEMS) this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    }
    this.saveSoon();
    await this.ensureFlush();
  }

  /**
   * The sums reach storage within SAVE_MS: one row written per quarter second at most, not one per
   * call (the object's biggest cost at scale, docs/scale.md). A crash of the object in that window
   * loses those counts; eviction can't, as it waits for many seconds of quiet.
   */
  private saveSoon() {
    this.saveTimer ??= setTimeout(() => this.save(), SAVE_MS);
  }

  private save() {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.ctx.storage.kv.put(PENDING, Object.fromEntries(this.pending));
  }

  /** Writes the pending sums in one batch (worker/contract/queries.ts `addVisits`); what arrives meanwhile waits for the next flush. */
  async alarm() {
    this.flushScheduled = false;
    const domain = this.domain;
    const flushing = [...this.pending];
    if (flushing.length === 0 || !domain) return;
    const counts: Partial<Record<CountedTable, Record<number, number>>> = {};
    const hourly: HourlyVisits[] = [];
    for (const [key, n] of flushing) {
      const [kind = "", id = "", hour = ""] = key.split(/[:@]/);
      const table = TABLES[kind];
      if (!table) continue;
      const byId = (counts[table] ??= {});
      byId[Number(id)] = (byId[Number(id)] ?? 0) + n;
      if (HOURLY.has(kind)) hourly.push([kind as HourlyVisits[0], Number(id), Number(hour), n]);
    }
    let statements: number;
    try {
      statements = await addVisits(this.env, domain, counts, hourly);
    } catch (error) {
      // Kept for the next try; a store being away must not lose counts.
      console.error(JSON.stringify({ event: "visits.flush_failed", domain, error: String(error) }));
      await this.flushLater();
      return;
    }
    for (const [key, n] of flushing) {
      const left = (this.pending.get(key) ?? 0) - n;
      if (left > 0) this.pending.set(key, left);
      else this.pending.delete(key);
    }
    this.save();
    const visits = flushing.reduce((sum, [, n]) => sum + n, 0);
    // One line per flush: what the bench reads to report the restaurant object's writes per page view.
    console.log(JSON.stringify({ event: "visits.flush", domain, statements, items: flushing.length, visits }));
    if (this.pending.size > 0) await this.flushLater();
  }

  /**
   * A flush is coming for what was just counted. An alarm already set (by this life of the object or
   * an earlier one) is kept, never moved later: the object is evicted after seconds of quiet, and a
   * new life moving the alarm a minute on each time would keep a steadily visited restaurant from
   * ever being flushed.
   */
  private async ensureFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + visitsFlushMs(this.env));
  }

  /** From the alarm itself: the next flush, a full interval on. */
  private async flushLater() {
    this.flushScheduled = true;
    await this.ctx.storage.setAlarm(Date.now() + visitsFlushMs(this.env));
  }
}

/** The name of the tally of one restaurant under one API source (embedded or an external base URL). */
export const tallyName = (source: string, domain: string) => `${source}\n${domain}`;

/** The tally of one restaurant under one API source. */
export function visitTallyFor(env: Env, source: string, domain: string) {
  return env.VISITS.get(env.VISITS.idFromName(tallyName(source, domain)));
}
