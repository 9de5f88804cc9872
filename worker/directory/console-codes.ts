// The console's sign-in and sign-up codes in the directory (D1 `console_codes`): stored hashed, one
// live code per phone and purpose, single use, a bounded number of tries, each claimed by one
// conditional write. The rules around them (the SMS, the limits) are worker/console/codes.ts.

/** Spends the phone's live codes for `purpose` and stores a new one (hashed), in one batch: its id. */
export async function storeConsoleCode(
  db: D1Database,
  code: { phone: string; purpose: string; hash: string; expiresAt: number },
  now: number,
): Promise<number> {
  const [, stored] = await db.batch<{ id: number }>([
    db.prepare("UPDATE console_codes SET used = 1 WHERE phone = ? AND purpose = ? AND used = 0").bind(code.phone, code.purpose),
    db
      .prepare("INSERT INTO console_codes (phone, purpose, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id")
      .bind(code.phone, code.purpose, code.hash, code.expiresAt, now),
  ]);
  return stored!.results[0]!.id;
}

/** Spends a code (its SMS was not sent). */
export async function spendConsoleCode(db: D1Database, id: number): Promise<void> {
  await db.prepare("UPDATE console_codes SET used = 1 WHERE id = ?").bind(id).run();
}

/**
 * Claims one try of the phone's latest live code (fewer than `maxAttempts` so far, not expired): its id
 * and hash, or null.
 */
export const tryConsoleCode = (db: D1Database, phone: string, purpose: string, maxAttempts: number, now: number) =>
  db
    .prepare(
      `UPDATE console_codes SET attempts = attempts + 1
     WHERE id = (SELECT id FROM console_codes WHERE phone = ?1 AND purpose = ?2 AND used = 0 ORDER BY id DESC LIMIT 1)
       AND used = 0 AND attempts < ?3 AND expires_at > ?4
     RETURNING id, code_hash`,
    )
    .bind(phone, purpose, maxAttempts, now)
    .first<{ id: number; code_hash: string }>();

/** Claims the code as used: true for the one request that flips it. */
export async function claimConsoleCode(db: D1Database, id: number): Promise<boolean> {
  const used = await db.prepare("UPDATE console_codes SET used = 1 WHERE id = ? AND used = 0").bind(id).run();
  return used.meta.changes === 1;
}
