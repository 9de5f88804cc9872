// One webhook delivery's attempt, as the queue's consumer makes it (worker/webhooks/deliver.ts): claim it
// (one claim wins however many messages arrive; an order's later event waits for its earlier one; a failing
// endpoint's delivery is not taken from the main queue, nor one past its endpoint's in-flight bound: both are
// handed back to be queued again), read what to send, then record the answer — delivered, retried after a
// backoff, or failed once the attempts are spent. An endpoint that has failed for FAILING_DAYS is switched off
// with its waiting deliveries.
import { randomHex } from "../rules/secrets";
import { BUSY_RETRY_MS, IN_FLIGHT, type Lane } from "../rules/webhook-lanes";
import type { OrdersDb } from "./sql-bridge";

/** Seconds before each retry (the queue holds a message at most 12 hours): about 3 days in all. */
const BACKOFF_S = [10, 60, 300, 1800, 7200, 21600, 43200, 43200, 43200, 43200];
const MAX_ATTEMPTS = BACKOFF_S.length + 1;
/** A claim older than this is taken to have died with its consumer. */
const LEASE_MS = 60_000;
const FAILING_DAYS = 3;
/** Finished deliveries are kept this long (the console shows the latest). */
const KEPT_MS = 30 * 86_400_000;

/** The earliest still-pending delivery of the same order to the same endpoint is `d` itself. */
export const HEAD_OF_LINE = `NOT EXISTS (SELECT 1 FROM webhook_deliveries p JOIN webhook_events pe ON pe.id = p.event_id
  WHERE p.endpoint_id = d.endpoint_id AND p.state = 'pending' AND p.id < d.id
    AND pe.order_id = (SELECT order_id FROM webhook_events WHERE id = d.event_id))`;

export interface Attempt {
  attempt: number;
  url: string;
  secret: string;
  event_id: string;
  type: string;
  status: number | null;
  paid: number | null;
  created_at: number;
  order: Record<string, unknown> | null;
  items: Record<string, unknown>[];
  options: Record<string, unknown>[];
  refund: { amount: number; currency: string } | null;
}

const ORDER = `SELECT id, public_id, num_order, branch_id, name, phone, note, table_id, pickup_at, payment, total_minor, currency,
  vat_minor, service_minor, tip_minor, created_at FROM orders WHERE id = (SELECT e.order_id FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE d.id = ?1 AND d.claim = ?2)`;

/** Its turn: pending, due, nobody's claim alive, and the earliest of its order's to its endpoint. */
const ITS_TURN = `state = 'pending' AND next_at <= ?2 + 1000 AND (started_at IS NULL OR started_at < ?2 - ${LEASE_MS}) AND ${HEAD_OF_LINE}`;
const FAILING = "(SELECT failing_since IS NOT NULL FROM webhook_endpoints WHERE id = d.endpoint_id)";
/** A lane may take it: the slow lane any endpoint's, the main lane a healthy one's only. */
const LANE_TAKES = `(?4 = 'slow' OR NOT ${FAILING})`;
/** Its endpoint has fewer deliveries in flight than its bound. */
const ROOM = `(SELECT count(*) FROM webhook_deliveries f WHERE f.endpoint_id = d.endpoint_id AND f.state = 'pending' AND f.id <> d.id
  AND f.started_at >= ?2 - ${LEASE_MS}) < CASE WHEN ${FAILING} THEN ${IN_FLIGHT.slow} ELSE ${IN_FLIGHT.main} END`;

/**
 * Claims delivery `id` for one attempt at `now`, from `lane`'s queue: what to send, or null (taken, done, not yet
 * due, waiting its turn, or handed back: a failing endpoint's from the main lane, to be queued on the slow one,
 * or one past its endpoint's in-flight bound, due again BUSY_RETRY_MS later; the caller queues what is due).
 */
export async function claimAttempt(db: OrdersDb, id: number, now = Date.now(), lane: Lane = "slow"): Promise<Attempt | null> {
  const claim = randomHex(12);
  const [claimed, , head, order, items, options, refund] = await db.batch<never>([
    db
      .prepare(
        `UPDATE webhook_deliveries AS d SET attempts = attempts + 1, started_at = ?2, claim = ?3, updated_at = ?2
         WHERE id = ?1 AND ${ITS_TURN} AND ${LANE_TAKES} AND ${ROOM}
         RETURNING attempts AS attempt`,
      )
      .bind(id, now, claim, lane),
    // Not claimed although it is its turn: handed back (a claim just made has started_at = now, so is not its turn).
    db
      .prepare(
        `UPDATE webhook_deliveries AS d SET queued_at = NULL, next_at = CASE WHEN ${LANE_TAKES} THEN ?2 + ${BUSY_RETRY_MS} ELSE next_at END
         WHERE id = ?1 AND ${ITS_TURN}`,
      )
      .bind(id, now, claim, lane),
    db
      .prepare(
        `SELECT en.url, en.secret, e.event_id, e.type, e.status, e.paid, e.created_at FROM webhook_deliveries d
         JOIN webhook_endpoints en ON en.id = d.endpoint_id JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?1 AND d.claim = ?2`,
      )
      .bind(id, claim),
    db.prepare(ORDER).bind(id, claim),
    db
      .prepare(
        `SELECT id, product_id, name_en, name_ar, unit_minor, amount, note FROM order_items WHERE order_id = (SELECT id FROM (${ORDER})) ORDER BY line, id`,
      )
      .bind(id, claim),
    db
      .prepare(
        `SELECT order_item_id, name_en, name_ar, sub_name_en, sub_name_ar, price_minor FROM order_item_options
         WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = (SELECT id FROM (${ORDER}))) ORDER BY id`,
      )
      .bind(id, claim),
    // Every succeeded refund of the order (partial ones, then the cancel's), summed.
    db
      .prepare(
        `SELECT sum(amount) AS amount, max(currency) AS currency FROM refunds WHERE status = 'succeeded' AND order_id = (SELECT id FROM (${ORDER})) HAVING count(*) > 0`,
      )
      .bind(id, claim),
  ]);
  const attempt = (claimed!.results[0] as { attempt: number } | undefined)?.attempt;
  const found = head!.results[0] as Omit<Attempt, "attempt" | "order" | "items" | "options" | "refund"> | undefined;
  if (attempt === undefined || !found) return null;
  return {
    ...found,
    attempt,
    order: (order!.results[0] as Record<string, unknown> | undefined) ?? null,
    items: items!.results,
    options: options!.results,
    refund: (refund!.results[0] as Attempt["refund"] | undefined) ?? null,
  };
}

export interface Answer {
  ok: boolean;
  response_code: number | null;
  error: string | null;
}

/** Records attempt `attempt` of delivery `id`; true when the endpoint was switched off by it. */
export async function recordAttempt(db: OrdersDb, id: number, attempt: number, answer: Answer, now = Date.now()): Promise<boolean> {
  const retryAt = now + (BACKOFF_S[attempt - 1] ?? 0) * 1000;
  const next = answer.ok ? "'delivered'" : `CASE WHEN ?3 >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END`;
  const endpoint = "(SELECT endpoint_id FROM webhook_deliveries WHERE id = ?1)";
  const [, , , switchedOff] = await db.batch<{ id: number }>([
    db
      .prepare(
        "INSERT INTO webhook_attempts (delivery_id, attempt, at, ok, response_code, error) SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ?1)",
      )
      .bind(id, attempt, now, answer.ok ? 1 : 0, answer.response_code, answer.error),
    db
      .prepare(
        `UPDATE webhook_deliveries SET state = ${next}, next_at = ?4, queued_at = NULL, started_at = NULL, claim = NULL,
           response_code = ?5, error = ?6, updated_at = ?2 WHERE id = ?1 AND attempts = ?3 AND state = 'pending'`,
      )
      .bind(id, now, attempt, retryAt, answer.response_code, answer.error),
    db
      .prepare(`UPDATE webhook_endpoints SET failing_since = CASE WHEN ?2 THEN NULL ELSE coalesce(failing_since, ?3) END WHERE id = ${endpoint}`)
      .bind(id, answer.ok ? 1 : 0, now),
    db
      .prepare(
        `UPDATE webhook_endpoints SET enabled = 0, disabled_at = ?2 WHERE id = ${endpoint} AND enabled = 1
         AND failing_since IS NOT NULL AND failing_since <= ?2 - ${FAILING_DAYS * 86_400_000} RETURNING id`,
      )
      .bind(id, now),
    db
      .prepare(
        `UPDATE webhook_deliveries SET state = 'failed', queued_at = NULL, error = 'endpoint switched off', updated_at = ?2
         WHERE endpoint_id = ${endpoint} AND state = 'pending' AND (SELECT enabled FROM webhook_endpoints WHERE id = endpoint_id) = 0`,
      )
      .bind(id, now),
    // Their attempts go with them (ON DELETE CASCADE).
    db.prepare("DELETE FROM webhook_deliveries WHERE state <> 'pending' AND updated_at < ?").bind(now - KEPT_MS),
    db
      .prepare("DELETE FROM webhook_events WHERE created_at < ?1 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries WHERE event_id = webhook_events.id)")
      .bind(now - KEPT_MS),
  ]);
  return switchedOff!.results.length > 0;
}
