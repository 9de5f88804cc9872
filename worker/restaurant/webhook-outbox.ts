// Inside the restaurant's object: hands the webhook deliveries that are due (each order's next one per
// endpoint) to the queue, after the write that made them: a healthy endpoint's to the main queue, a failing
// one's to the slow queue (worker/rules/webhook-lanes.ts). A message lost on the way is sent again by the
// object's alarm once it is STALE_MS late; a duplicate is harmless (only one claim wins).
import { laneOf, type Lane } from "../rules/webhook-lanes";
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

/** Marks the due deliveries queued and sends each to its endpoint's lane; true while any delivery is still pending. */
export async function queueDue(sql: SqlStorage, queues: Record<Lane, Queue<WebhookMessage>>, object: string, now = Date.now()): Promise<boolean> {
  const rows = sql
    .exec<{ id: number; next_at: number; endpoint_id: number }>(
      `UPDATE webhook_deliveries SET queued_at = ?1 WHERE id IN (
         SELECT d.id FROM webhook_deliveries d WHERE d.state = 'pending'
           AND (d.queued_at IS NULL OR (d.queued_at < ?1 - ${STALE_MS} AND d.next_at < ?1 - ${STALE_MS})) AND ${HEAD_OF_LINE}
         ORDER BY d.id LIMIT 100) RETURNING id, next_at, endpoint_id`,
      now,
    )
    .toArray();
  if (rows.length) {
    const failingSince = new Map(
      sql
        .exec<{ id: number; failing_since: number | null }>("SELECT id, failing_since FROM webhook_endpoints")
        .toArray()
        .map((e) => [e.id, e.failing_since]),
    );
    for (const lane of ["main", "slow"] as const) {
      const due = rows.filter((row) => laneOf(failingSince.get(row.endpoint_id) ?? null) === lane);
      if (!due.length) continue;
      try {
        await queues[lane].sendBatch(
          due.map((row) => ({ body: { object, delivery: row.id }, delaySeconds: Math.min(MAX_DELAY_S, Math.max(0, Math.ceil((row.next_at - now) / 1000))) })),
        );
      } catch (error) {
        // Not queued after all: the next write or the alarm tries again.
        console.error("webhooks: queueing failed", error);
        sql.exec(`UPDATE webhook_deliveries SET queued_at = NULL WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(due.map((r) => r.id)));
      }
    }
  }
  return sql.exec("SELECT 1 FROM webhook_deliveries WHERE state = 'pending' LIMIT 1").toArray().length > 0;
}
