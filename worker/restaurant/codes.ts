// The diners' SMS codes and order tokens, as the restaurant's object keeps them: a new code replaces the
// phone's earlier ones; a try is claimed (a conditional write) before the comparison, so only
// MAX_ATTEMPTS tries per code are ever compared; a right code is spent once and becomes a token.
import { timingSafeEqualHex } from "../rules/hmac";

export const MAX_ATTEMPTS = 5;

export interface NewCode {
  phone: string;
  codeHash: string;
  expiresAt: number;
  now: number;
}
export interface CodeTry {
  phone: string;
  candidateHash: string;
  now: number;
  token: NewToken;
}
interface NewToken {
  tokenHash: string;
  phone: string;
  name: string;
  expiresAt: number;
  orderId: number | null;
}
export interface TokenOwner {
  phone: string;
  name: string;
  order_id: number | null;
}

/** Stores a code for the phone (its earlier unused ones void) and returns its id. */
export function issueCode(sql: SqlStorage, code: NewCode): number {
  sql.exec("UPDATE otp_codes SET used = 1 WHERE phone = ? AND used = 0", code.phone).toArray();
  return sql
    .exec<{ id: number }>(
      "INSERT INTO otp_codes (phone, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?) RETURNING id",
      code.phone,
      code.codeHash,
      code.expiresAt,
      code.now,
    )
    .one().id;
}

/** A code that was never delivered is never usable. */
export function voidCode(sql: SqlStorage, id: number): void {
  sql.exec("UPDATE otp_codes SET used = 1 WHERE id = ?", id).toArray();
}

/**
 * One try at the phone's newest live code: the try is counted first (the fifth, right or wrong, is the
 * last), then compared; a right code is spent (only the write that flips `used` wins) and its token stored.
 */
export function tryCode(sql: SqlStorage, attempt: CodeTry): boolean {
  const current = sql
    .exec<{ id: number; code_hash: string }>(
      `UPDATE otp_codes SET attempts = attempts + 1
     WHERE id = (SELECT id FROM otp_codes WHERE phone = ?1 AND used = 0 ORDER BY id DESC LIMIT 1)
       AND used = 0 AND attempts < ?2 AND expires_at > ?3
     RETURNING id, code_hash`,
      attempt.phone,
      MAX_ATTEMPTS,
      attempt.now,
    )
    .toArray()[0];
  if (!current || !timingSafeEqualHex(current.code_hash, attempt.candidateHash)) return false;
  if (sql.exec("UPDATE otp_codes SET used = 1 WHERE id = ? AND used = 0 RETURNING id", current.id).toArray().length !== 1) return false;
  storeToken(sql, attempt.token);
  return true;
}

function storeToken(sql: SqlStorage, token: NewToken): void {
  sql
    .exec(
      "INSERT INTO order_tokens (token_hash, phone, name, expires_at, order_id) VALUES (?, ?, ?, ?, ?)",
      token.tokenHash,
      token.phone,
      token.name,
      token.expiresAt,
      token.orderId,
    )
    .toArray();
}

/** The phone (and, for a payment's token, the one order) a live token stands for, or null. */
export function tokenOwner(sql: SqlStorage, tokenHash: string, now: number): TokenOwner | null {
  return (
    sql
      .exec<{ phone: string; name: string; order_id: number | null }>(
        "SELECT phone, name, order_id FROM order_tokens WHERE token_hash = ? AND expires_at > ?",
        tokenHash,
        now,
      )
      .toArray()[0] ?? null
  );
}

/** Codes a day past their expiry and expired tokens: nobody can use them. Returns whether any row is left. */
export function pruneExpired(sql: SqlStorage, now: number): boolean {
  sql.exec("DELETE FROM otp_codes WHERE expires_at < ?", now - 86_400_000).toArray();
  sql.exec("DELETE FROM order_tokens WHERE expires_at < ?", now).toArray();
  return sql.exec<{ n: number }>("SELECT (SELECT count(*) FROM otp_codes) + (SELECT count(*) FROM order_tokens) AS n").one().n > 0;
}
