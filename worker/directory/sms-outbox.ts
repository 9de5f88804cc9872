// The demo SMS outbox (D1 `sms_outbox`): codes "sent" with the demo providers on, read back by number
// (GET /api/dev/outbox). worker/providers/sms.ts decides when it is used.

/** Stores a text to the number `e164`. */
export async function addOutboxText(db: D1Database, e164: string, body: string, now: number): Promise<void> {
  await db.prepare("INSERT INTO sms_outbox (phone, body, created_at) VALUES (?, ?, ?)").bind(e164, body, now).run();
}

/** The latest 20 texts to any of `numbers` (E.164 spellings), newest first. */
export async function outboxTextsTo(db: D1Database, numbers: string[]) {
  const { results } = await db
    .prepare("SELECT phone, body, created_at FROM sms_outbox WHERE phone IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT 20")
    .bind(JSON.stringify(numbers))
    .all();
  return results;
}
