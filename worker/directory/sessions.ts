// Console sessions: a random id in an HttpOnly cookie, only its sha256 in D1. They last 30 days from
// the last use (moved at most once a day, so reading a session is not a write per request). "Sign
// out everywhere" deletes every session of the person.
import { randomId, sha256 } from "../rules/secrets";

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
  // Sliding, at most one write a day per session.
  if (row.expires_at < now + (SESSION_DAYS - 1) * DAY_MS) {
    await db
      .prepare("UPDATE console_sessions SET expires_at = ? WHERE id_hash = ?")
      .bind(now + SESSION_DAYS * DAY_MS, idHash)
      .run();
  }
  return { personId: row.person_id, idHash };
}

export const endSession = (db: D1Database, idHash: string) => db.prepare("DELETE FROM console_sessions WHERE id_hash = ?").bind(idHash).run();

export const endEverySession = (db: D1Database, personId: number) => db.prepare("DELETE FROM console_sessions WHERE person_id = ?").bind(personId).run();
