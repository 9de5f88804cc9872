// Send and order limits, each claimed by ONE conditional INSERT: the event is written only while every
// window's count is under its limit, in the same statement, so no interleaving of concurrent requests
// passes a limit (a read-then-write would let a burst through). Windows slide over the event times.
// The address side is the client's network (worker/edge/address.ts: an IPv6 client by its /64).
import type { NetworkKey } from "../../edge/address";

type LimitKind = "otp" | "payment" | "order" | "console";

interface Rule {
  by: "phone" | "ip";
  windowS: number;
  max: number;
  /** Reaching this window's limit locks the phone out (LOCKOUT). */
  locks?: true;
}

const LIMITS: Record<LimitKind, readonly Rule[]> = {
  // Spec/DESIGN: a code a minute and 5 an hour per phone, 20 an hour per address.
  otp: [{ by: "phone", windowS: 60, max: 1 }, { by: "phone", windowS: 3600, max: 5 }, { by: "ip", windowS: 3600, max: 20 }],
  // Online orders are placed before anyone is verified: a few tries per phone, more per address (a
  // restaurant's shared Wi-Fi), so a loop cannot fill a restaurant's order list.
  payment: [{ by: "phone", windowS: 600, max: 5 }, { by: "ip", windowS: 600, max: 30 }],
  // Console sign-in and sign-up codes: the diners' rules, counted apart (worker/api/console/codes.ts),
  // and a daily cap per phone whose reach locks the phone out for a time that doubles (LOCKOUT).
  console: [
    { by: "phone", windowS: 60, max: 1 }, { by: "phone", windowS: 3600, max: 5 }, { by: "phone", windowS: 86_400, max: 8, locks: true },
    { by: "ip", windowS: 3600, max: 20 },
  ],
  // Verified orders (a token per phone): generous, but not unbounded.
  order: [{ by: "phone", windowS: 600, max: 10 }, { by: "ip", windowS: 600, max: 60 }],
};

/** Longer than the longest window. */
const PRUNE_AFTER_MS = 2 * 86_400_000;

/**
 * Console codes: a phone that reaches its daily cap is locked out for a day, and again for twice as
 * long each time it reaches the cap within a week of its last lockout ending (at most 32 days).
 */
export const LOCKOUT = { baseMs: 86_400_000, maxLevel: 6, memoryMs: 7 * 86_400_000 } as const;
const locksOut = (kind: LimitKind) => LIMITS[kind].some((r) => r.locks);

type Claim = { ok: true; id: number } | { ok: false; retryAfter: number };

// ?1 kind, ?2 phone, ?3 ip, ?4 now (ms). Built from the constant rules only, never from input.
const under = (r: Rule) =>
  `(SELECT count(*) FROM limit_events WHERE kind = ?1 AND ${r.by} = ?${r.by === "phone" ? 2 : 3} AND at > ?4 - ${r.windowS * 1000}) < ${r.max}`;
const unlocked = "NOT EXISTS (SELECT 1 FROM phone_lockouts WHERE phone = ?2 AND until > ?4)";
const claimSql = (kind: LimitKind) =>
  `INSERT INTO limit_events (kind, phone, ip, at) SELECT ?1, ?2, ?3, ?4 WHERE ${[...LIMITS[kind].map(under), ...(locksOut(kind) ? [unlocked] : [])].join(" AND ")} RETURNING id`;

// ?1 phone, ?2 now. The new level: one more than the last if that lockout ended less than a week ago.
// Written only when no lockout is running, so a burst of refused sends raises it once.
const level = `CASE WHEN until > ?2 - ${LOCKOUT.memoryMs} THEN min(level + 1, ${LOCKOUT.maxLevel}) ELSE 1 END`;
const lockOutSql = `INSERT INTO phone_lockouts (phone, level, until) VALUES (?1, 1, ?2 + ${LOCKOUT.baseMs})
  ON CONFLICT (phone) DO UPDATE SET level = ${level}, until = ?2 + ${LOCKOUT.baseMs} * (1 << (${level} - 1)) WHERE until <= ?2`;

/** Claims one event of `kind` for this phone and client network, or says how long until one is free. */
export async function claim(db: D1Database, kind: LimitKind, phone: string, network: NetworkKey, now = Date.now()): Promise<Claim> {
  const rules = LIMITS[kind];
  const ip: string = network;
  const [claimed] = await db.batch<{ id: number }>([
    db.prepare(claimSql(kind)).bind(kind, phone, ip, now),
    // Events older than every window are no use: each claim clears a bounded few, so the table stays small.
    db.prepare("DELETE FROM limit_events WHERE id IN (SELECT id FROM limit_events WHERE at < ? LIMIT 20)").bind(now - PRUNE_AFTER_MS),
  ]);
  const row = claimed!.results[0];
  if (row) return { ok: true, id: row.id };
  // Refused: the wait is until the oldest event of each full window leaves it.
  let wait = 1;
  for (const r of rules) {
    const since = now - r.windowS * 1000;
    const window = await db.prepare(`SELECT count(*) AS n, min(at) AS oldest FROM limit_events WHERE kind = ? AND ${r.by} = ? AND at > ?`)
      .bind(kind, r.by === "phone" ? phone : ip, since).first<{ n: number; oldest: number | null }>();
    if (window && window.n >= r.max && window.oldest !== null) wait = Math.max(wait, (window.oldest - since) / 1000);
    // The daily cap reached: the phone is locked out (or its running lockout stands).
    if (r.locks && window && window.n >= r.max) await db.prepare(lockOutSql).bind(phone, now).run();
  }
  if (locksOut(kind)) {
    const lock = await db.prepare("SELECT until FROM phone_lockouts WHERE phone = ? AND until > ?").bind(phone, now).first<{ until: number }>();
    if (lock) wait = Math.max(wait, (lock.until - now) / 1000);
  }
  return { ok: false, retryAfter: Math.ceil(wait) };
}

/** Gives a claim back: the provider failed, so the diner was not served and must not be charged a try. */
export async function release(db: D1Database, id: number): Promise<void> {
  await db.prepare("DELETE FROM limit_events WHERE id = ?").bind(id).run();
}
