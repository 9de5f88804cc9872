// Sign-ups are limited per person (their E.164 phone) and per client network (an IPv6 client's /64,
// worker/edge/address.ts), each window claimed by ONE conditional INSERT, like the send limits
// (../ordering/limits.ts): concurrent requests cannot all pass. Kept in a table of their own.

interface Rule {
  by: "phone" | "network";
  windowS: number;
  max: number;
}

/** A person signs up a few restaurants an hour; one network a few more (a shared office, a café). */
export const SIGNUP_LIMITS: readonly Rule[] = [
  { by: "phone", windowS: 3600, max: 5 },
  { by: "phone", windowS: 86_400, max: 10 },
  { by: "network", windowS: 3600, max: 10 },
];

const PRUNE_AFTER_MS = 2 * 86_400_000;

// ?1 phone, ?2 network, ?3 now (ms). Built from the constant rules only, never from input.
const under = (r: Rule) =>
  `(SELECT count(*) FROM signup_events WHERE ${r.by} = ?${r.by === "phone" ? 1 : 2} AND at > ?3 - ${r.windowS * 1000}) < ${r.max}`;
const CLAIM = `INSERT INTO signup_events (phone, network, at) SELECT ?1, ?2, ?3 WHERE ${SIGNUP_LIMITS.map(under).join(" AND ")} RETURNING id`;

export type SignupClaim = { ok: true } | { ok: false; retryAfter: number };

/** Claims one sign-up for this person and network, or says how long until one is free. */
export async function claimSignup(db: D1Database, phone: string, network: string, now = Date.now()): Promise<SignupClaim> {
  const [claimed] = await db.batch<{ id: number }>([
    db.prepare(CLAIM).bind(phone, network, now),
    db.prepare("DELETE FROM signup_events WHERE id IN (SELECT id FROM signup_events WHERE at < ? LIMIT 20)").bind(now - PRUNE_AFTER_MS),
  ]);
  if (claimed!.results[0]) return { ok: true };
  let wait = 1;
  for (const r of SIGNUP_LIMITS) {
    const since = now - r.windowS * 1000;
    const window = await db.prepare(`SELECT count(*) AS n, min(at) AS oldest FROM signup_events WHERE ${r.by} = ? AND at > ?`)
      .bind(r.by === "phone" ? phone : network, since).first<{ n: number; oldest: number | null }>();
    if (window && window.n >= r.max && window.oldest !== null) wait = Math.max(wait, (window.oldest - since) / 1000);
  }
  return { ok: false, retryAfter: Math.ceil(wait) };
}
