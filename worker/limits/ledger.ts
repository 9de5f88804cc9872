// One client network's or one phone's limit events, in a Durable Object of its own (never one global
// object): each claim is ONE conditional INSERT into the object's own SQLite, written only while every
// window of that side is under its limit, so no interleaving of concurrent requests passes a limit.
// A network's events name their restaurant, so a rule may count one restaurant's, the unverified ones,
// or the restaurants they spread over (docs/decisions/0078). A phone's object also keeps its console
// lockout. Old events are pruned a few per claim and, for an object nobody claims in any more, by an
// alarm. docs/decisions/0039.
import { DurableObject } from "cloudflare:workers";
import { LOCKOUT, PRUNE_AFTER_MS, locksOut, rulesOf, type LimitKind, type Rule, type Side } from "./rules";

export type LedgerClaim = { ok: true; id: number } | { ok: false; wait: number };

// Every statement binds ?1 kind, ?2 now (ms), ?3 the claim's restaurant (or null); the rules are
// constants, never input: only they are written into the SQL.
const inWindow = (r: Rule) => `kind = ?1 AND at > ?2 - ${r.windowS * 1000}${r.per ? " AND scope IS ?3" : ""}${r.unverified ? " AND settled = 0" : ""}`;
const under = (r: Rule) =>
  r.distinct
    ? `(EXISTS (SELECT 1 FROM events WHERE ${inWindow(r)} AND scope IS ?3) OR (SELECT count(DISTINCT scope) FROM events WHERE ${inWindow(r)}) < ${r.max})`
    : `(SELECT count(*) FROM events WHERE ${inWindow(r)}) < ${r.max}`;
const UNLOCKED = "NOT EXISTS (SELECT 1 FROM lockout WHERE until > ?2)";
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
    // `scope`: the restaurant claimed at; `tag`: the phone's hash, for settle; `settled`: its code was verified.
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, at INTEGER NOT NULL,
        scope INTEGER, tag TEXT, settled INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX IF NOT EXISTS events_kind_at ON events (kind, at);
      CREATE INDEX IF NOT EXISTS events_at ON events (at);
      CREATE TABLE IF NOT EXISTS lockout (id INTEGER PRIMARY KEY CHECK (id = 1), level INTEGER NOT NULL, until INTEGER NOT NULL);
    `);
    // An object made before decision 0078 gets the three columns (its events count as unscoped, unverified).
    if (!ctx.storage.sql.exec("SELECT * FROM events LIMIT 0").columnNames.includes("scope")) {
      ctx.storage.sql.exec(`
        ALTER TABLE events ADD COLUMN scope INTEGER;
        ALTER TABLE events ADD COLUMN tag TEXT;
        ALTER TABLE events ADD COLUMN settled INTEGER NOT NULL DEFAULT 0;
      `);
    }
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS events_kind_scope_at ON events (kind, scope, at)");
  }

  /**
   * RPC: claims one event of `kind` under this side's rules at `now` (ms), at restaurant `scope` (or
   * none), for the phone hashed as `tag` (or none), or says how many seconds until one is free.
   */
  async claim(kind: LimitKind, side: Side, now: number, scope: number | null = null, tag: string | null = null): Promise<LedgerClaim> {
    const rules = rulesOf(kind, side);
    const locks = locksOut(kind, side);
    const sql = this.ctx.storage.sql;
    const conditions = [...rules.map(under), ...(locks ? [UNLOCKED] : [])].join(" AND ") || "1";
    // Synchronous, and nothing awaited before it: the count and the insert are one step of the object.
    const row = sql
      .exec<{ id: number }>(`INSERT INTO events (kind, at, scope, tag) SELECT ?1, ?2, ?3, ?4 WHERE ${conditions} RETURNING id`, kind, now, scope, tag)
      .toArray()[0];
    // Events older than every window are no use: each claim clears a bounded few.
    sql.exec("DELETE FROM events WHERE id IN (SELECT id FROM events WHERE at < ? LIMIT 20)", now - PRUNE_AFTER_MS);
    if (row) {
      await this.pruneLater();
      return { ok: true, id: row.id };
    }
    const wait = this.waitFor(kind, side, now, scope, true);
    await this.pruneLater();
    return { ok: false, wait };
  }

  /** RPC: seconds until this side would let one more event of `kind` in at `now` (0: it would now). */
  wait(kind: LimitKind, side: Side, now: number, scope: number | null = null): number {
    return this.waitFor(kind, side, now, scope, false);
  }

  /** RPC: gives a claim back (the provider failed, or the other side refused). */
  release(id: number): void {
    this.ctx.storage.sql.exec("DELETE FROM events WHERE id = ?", id);
  }

  /** RPC: the phone `tag` verified its latest code of `kind` at restaurant `scope`: that event no longer counts as unverified. */
  settle(kind: LimitKind, scope: number, tag: string): void {
    this.ctx.storage.sql.exec(
      "UPDATE events SET settled = 1 WHERE id = (SELECT id FROM events WHERE kind = ? AND scope = ? AND tag = ? AND settled = 0 ORDER BY id DESC LIMIT 1)",
      kind,
      scope,
      tag,
    );
  }

  /** The wait: until the oldest event of each full window leaves it (for a spread, until one of its
   * restaurants has none left in it), or the running lockout ends. */
  private waitFor(kind: LimitKind, side: Side, now: number, scope: number | null, lockIfFull: boolean): number {
    const sql = this.ctx.storage.sql;
    let wait = 0;
    for (const r of rulesOf(kind, side)) {
      const since = now - r.windowS * 1000;
      const window = r.distinct
        ? sql
            .exec<{ n: number; oldest: number | null }>(
              `SELECT count(*) AS n, min(last) AS oldest FROM (SELECT max(at) AS last FROM events WHERE ${inWindow(r)} GROUP BY scope)
               WHERE NOT EXISTS (SELECT 1 FROM events WHERE ${inWindow(r)} AND scope IS ?3)`,
              kind,
              now,
              scope,
            )
            .one()
        : sql
            .exec<{ n: number; oldest: number | null }>(
              `SELECT count(*) AS n, min(at) AS oldest FROM events WHERE ${inWindow(r)}`,
              ...(r.per ? [kind, now, scope] : [kind, now]),
            )
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
