// One client network's or one phone's limit events, in a Durable Object of its own (never one global
// object): each claim is ONE conditional INSERT into the object's own SQLite, written only while every
// window of that side is under its limit, so no interleaving of concurrent requests passes a limit.
// A phone's object also keeps its console lockout. Old events are pruned a few per claim and, for an
// object nobody claims in any more, by an alarm. docs/decisions/0039.
import { DurableObject } from "cloudflare:workers";
import { LOCKOUT, PRUNE_AFTER_MS, locksOut, rulesOf, type LimitKind, type Rule, type Side } from "./rules";

export type LedgerClaim = { ok: true; id: number } | { ok: false; wait: number };

/** The rules are constants, never input: only they are written into the SQL; kind and times are bound. */
const under = (r: Rule) => `(SELECT count(*) FROM events WHERE kind = ? AND at > ? - ${r.windowS * 1000}) < ${r.max}`;
const UNLOCKED = "NOT EXISTS (SELECT 1 FROM lockout WHERE until > ?)";
// The new level: one more than the last if that lockout ended less than a week ago. Written only when
// no lockout is running, so a burst of refused sends raises it once. Binds now four times.
const LEVEL = `CASE WHEN until > ? - ${LOCKOUT.memoryMs} THEN min(level + 1, ${LOCKOUT.maxLevel}) ELSE 1 END`;
const LOCK_OUT = `INSERT INTO lockout (id, level, until) VALUES (1, 1, ? + ${LOCKOUT.baseMs})
  ON CONFLICT (id) DO UPDATE SET level = ${LEVEL}, until = ? + ${LOCKOUT.baseMs} * (1 << (${LEVEL} - 1)) WHERE until <= ?`;

export class LimitLedger extends DurableObject<Env> {
  private alarmChecked = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // AUTOINCREMENT: an id is never used twice, so a late release cannot give back someone else's claim.
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS events_kind_at ON events (kind, at);
      CREATE INDEX IF NOT EXISTS events_at ON events (at);
      CREATE TABLE IF NOT EXISTS lockout (id INTEGER PRIMARY KEY CHECK (id = 1), level INTEGER NOT NULL, until INTEGER NOT NULL);
    `);
  }

  /** RPC: claims one event of `kind` under this side's rules at `now` (ms), or says how many seconds until one is free. */
  async claim(kind: LimitKind, side: Side, now: number): Promise<LedgerClaim> {
    const rules = rulesOf(kind, side);
    const locks = locksOut(kind, side);
    const sql = this.ctx.storage.sql;
    const conditions = [...rules.map(under), ...(locks ? [UNLOCKED] : [])].join(" AND ") || "1";
    const args = [...rules.flatMap(() => [kind, now]), ...(locks ? [now] : [])];
    // Synchronous, and nothing awaited before it: the count and the insert are one step of the object.
    const row = sql.exec<{ id: number }>(`INSERT INTO events (kind, at) SELECT ?, ? WHERE ${conditions} RETURNING id`, kind, now, ...args).toArray()[0];
    // Events older than every window are no use: each claim clears a bounded few.
    sql.exec("DELETE FROM events WHERE id IN (SELECT id FROM events WHERE at < ? LIMIT 20)", now - PRUNE_AFTER_MS);
    if (row) {
      await this.pruneLater();
      return { ok: true, id: row.id };
    }
    const wait = this.waitFor(kind, side, now, true);
    await this.pruneLater();
    return { ok: false, wait };
  }

  /** RPC: seconds until this side would let one more event of `kind` in at `now` (0: it would now). */
  wait(kind: LimitKind, side: Side, now: number): number {
    return this.waitFor(kind, side, now, false);
  }

  /** RPC: gives a claim back (the provider failed, or the other side refused). */
  release(id: number): void {
    this.ctx.storage.sql.exec("DELETE FROM events WHERE id = ?", id);
  }

  /** The wait: until the oldest event of each full window leaves it, or the running lockout ends. */
  private waitFor(kind: LimitKind, side: Side, now: number, lockIfFull: boolean): number {
    const sql = this.ctx.storage.sql;
    let wait = 0;
    for (const r of rulesOf(kind, side)) {
      const since = now - r.windowS * 1000;
      const window = sql
        .exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM events WHERE kind = ? AND at > ?", kind, since)
        .one();
      if (window.n >= r.max && window.oldest !== null) wait = Math.max(wait, (window.oldest - since) / 1000);
      // The daily cap reached: the phone is locked out (or its running lockout stands).
      if (lockIfFull && r.locks && window.n >= r.max) sql.exec(LOCK_OUT, now, now, now, now, now);
    }
    if (locksOut(kind, side)) {
      const lock = sql.exec<{ until: number }>("SELECT until FROM lockout WHERE until > ?", now).toArray()[0];
      if (lock) wait = Math.max(wait, (lock.until - now) / 1000);
    }
    return wait;
  }

  /** An object touched gets an alarm, so its events are cleared even if nobody claims here again. */
  private async pruneLater() {
    if (this.alarmChecked) return;
    this.alarmChecked = true;
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + PRUNE_AFTER_MS);
  }

  /** Clears every event past its use and a lockout past its memory; comes back while anything is left. */
  override async alarm() {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM events WHERE at < ?", now - PRUNE_AFTER_MS);
    sql.exec("DELETE FROM lockout WHERE until < ?", now - LOCKOUT.memoryMs);
    const next = sql
      .exec<{ at: number | null }>(
        `SELECT min(at) AS at FROM (SELECT min(at) + ${PRUNE_AFTER_MS} AS at FROM events UNION ALL SELECT until + ${LOCKOUT.memoryMs} FROM lockout)`,
      )
      .one().at;
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, now + 60_000));
  }
}
