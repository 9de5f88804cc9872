// Inside the restaurant's object: hands the webhook deliveries that are due (each order's next one per
// endpoint) to the queue, after the write that made them. A message lost on the way is sent again by
// the object's alarm once it is STALE_MS late; a duplicate is harmless (only one claim wins).
import { HEAD_OF_LINE } from "./webhook-deliveries";

/** A queued delivery nobody has tried this long after it was due is queued again. */
export const STALE_MS = 15 * 60_000;
/** The queue holds a message at most 12 hours. */
const MAX_DELAY_S = 43_200;

export interface WebhookMessage {
  /** The restaurant's object (its id as a string). */
  object: string;
  delivery: number;
}

/** Marks the due deliveries queued and sends them; true while any delivery is still pending. */
export async function queueDue(sql: SqlStorage, queue: Queue<WebhookMessage>, object: string, now = Date.now()): Promise<boolean> {
  const rows = sql
    .exec<{ id: number; next_at: number }>(
      `UPDATE webhook_deliveries SET queued_at = ?1 WHERE id IN (
         SELECT d.id FROM webhook_deliveries d WHERE d.state = 'pending'
           AND (d.queued_at IS NULL OR (d.queued_at < ?1 - ${STALE_MS} AND d.next_at < ?1 - ${STALE_MS})) AND ${HEAD_OF_LINE}
         ORDER BY d.id LIMIT 100) RETURNING id, next_at`,
      now,
    )
    .toArray();
  if (rows.length) {
    try {
      await queue.sendBatch(
        rows.map((row) => ({ body: { object, delivery: row.id }, delaySeconds: Math.min(MAX_DELAY_S, Math.max(0, Math.ceil((row.next_at - now) / 1000))) })),
      );
    } catch (error) {
      // Not queued after all: the next write or the alarm tries again.
      console.error("webhooks: queueing failed", error);
      sql.exec(`UPDATE webhook_deliveries SET queued_at = NULL WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(rows.map((r) => r.id)));
    }
  }
  return sql.exec("SELECT 1 FROM webhook_deliveries WHERE state = 'pending' LIMIT 1").toArray().length > 0;
}
