// Console sessions: a random id in an HttpOnly cookie, only its sha256 in D1. They last 30 days from
// the last use (moved at most once a day, so reading a session is not a write per request). "Sign
// out everywhere" deletes every session of the person.
import { randomId, sha256 } from "../rules/secrets";
import type { Membership } from "./people";

export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session for the person; returns the id for the cookie (never stored as it is). */
export async function startSession(db: D1Database, personId: number, now = Date.now()): Promise<string> {
  const id = randomId(32);
  await db
    .prepare("INSERT INTO console_sessions (id_hash, person_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(await sha256(id), personId, now, now + SESSION_DAYS * DAY_MS)
    .run();
  return id;
}

/** The person a session id stands for, or null (unknown, malformed or expired); slides the expiry. */
export async function sessionPerson(db: D1Database, id: string, now = Date.now()): Promise<{ personId: number; idHash: string } | null> {
  if (!SESSION_ID.test(id)) return null;
  const idHash = await sha256(id);
  const row = await db
    .prepare("SELECT person_id, expires_at FROM console_sessions WHERE id_hash = ? AND expires_at > ?")
    .bind(idHash, now)
    .first<{ person_id: number; expires_at: number }>();
  if (!row) return null;
  await slide(db, idHash, row.expires_at, now);
  return { personId: row.person_id, idHash };
}

/**
 * The session's person with their accepted memberships (as ./people.ts membershipsOf lists them) and last
 * restaurant, in one statement (docs/decisions/0084: a board's read costs at most two); null as sessionPerson.
 */
export async function sessionMembers(db: D1Database, id: string, now = Date.now()) {
  if (!SESSION_ID.test(id)) return null;
  const idHash = await sha256(id);
  const row = await db
    .prepare(
      `SELECT s.person_id, s.expires_at, p.last_restaurant_id,
         (SELECT json_group_array(json(x.one)) FROM (
            SELECT json_object('member_id', m.id, 'restaurant_id', r.id, 'domain', r.domain, 'country', r.country, 'currency', r.currency,
                     'name_en', r.name_en, 'name_ar', r.name_ar, 'role', m.role,
                     'branch_ids', json((SELECT json_group_array(branch_id) FROM member_branches WHERE member_id = m.id))) AS one
            FROM members m JOIN restaurants r ON r.id = m.restaurant_id WHERE m.person_id = s.person_id AND m.pending = 0 ORDER BY r.name_en) x) AS memberships
       FROM console_sessions s JOIN people p ON p.id = s.person_id WHERE s.id_hash = ? AND s.expires_at > ?`,
    )
    .bind(idHash, now)
    .first<{ person_id: number; expires_at: number; last_restaurant_id: number | null; memberships: string }>();
  if (!row) return null;
  await slide(db, idHash, row.expires_at, now);
  return { personId: row.person_id, idHash, memberships: JSON.parse(row.memberships) as Membership[], lastRestaurant: row.last_restaurant_id };
}

/** Sliding, at most one write a day per session. */
async function slide(db: D1Database, idHash: string, expiresAt: number, now: number) {
  if (expiresAt >= now + (SESSION_DAYS - 1) * DAY_MS) return;
  await db
    .prepare("UPDATE console_sessions SET expires_at = ? WHERE id_hash = ?")
    .bind(now + SESSION_DAYS * DAY_MS, idHash)
    .run();
}

export const endSession = (db: D1Database, idHash: string) => db.prepare("DELETE FROM console_sessions WHERE id_hash = ?").bind(idHash).run();

export const endEverySession = (db: D1Database, personId: number) => db.prepare("DELETE FROM console_sessions WHERE person_id = ?").bind(personId).run();
