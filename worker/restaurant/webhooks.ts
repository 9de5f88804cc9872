// The restaurant's webhook endpoints as its owner manages them (/console/webhooks): add one (its secret
// is shown once), give it a new secret (shown once too), remove it, switch it back on, send it a test event, re-send a failed delivery, and
// read each endpoint's recent deliveries with their attempts. Each bound is its write's own condition.
// Operations the console calls by name (./calls-console.ts).
import { randomHex } from "../rules/secrets";
import type { SqlStore } from "./sql-bridge";

/** Endpoints a restaurant may have. */
export const MAX_ENDPOINTS = 5;
/** Test events waiting for one endpoint at once: more taps find "already sent". */
const MAX_PENDING_TESTS = 3;
/** Deliveries shown per endpoint. */
const SHOWN = 20;

export interface Endpoint {
  id: number;
  url: string;
  enabled: number;
  created_at: number;
  failing_since: number | null;
  disabled_at: number | null;
}
export interface DeliveryRow {
  id: number;
  endpoint_id: number;
  state: "pending" | "delivered" | "failed";
  event_id: string;
  type: string;
  num_order: number | null;
  updated_at: number;
  /** JSON: [{attempt, at, ok, response_code, error}] oldest first. */
  tries: string;
}

/** A new signing secret (192 bits), shown to the owner once. */
export const newWebhookSecret = () => `whsec_${randomHex(24)}`;

export async function addWebhookEndpoint(
  db: SqlStore,
  _restaurantId: number,
  url: string,
  now = Date.now(),
): Promise<{ ok: true; id: number; secret: string } | { ok: false }> {
  const secret = newWebhookSecret();
  const row = await db
    .prepare(
      `INSERT INTO webhook_endpoints (url, secret, created_at) SELECT ?1, ?2, ?3
       WHERE (SELECT count(*) FROM webhook_endpoints) < ${MAX_ENDPOINTS} RETURNING id`,
    )
    .bind(url, secret, now)
    .first<{ id: number }>();
  return row ? { ok: true, id: row.id, secret } : { ok: false };
}

/** The endpoints and each one's latest deliveries, newest first. */
export async function webhookEndpoints(db: SqlStore, _restaurantId: number): Promise<{ endpoints: Endpoint[]; deliveries: DeliveryRow[] }> {
  const [endpoints, deliveries] = await db.batch<never>([
    db.prepare("SELECT id, url, enabled, created_at, failing_since, disabled_at FROM webhook_endpoints ORDER BY id"),
    db.prepare(
      `SELECT d.id, d.endpoint_id, d.state, e.event_id, e.type, o.num_order, d.updated_at,
         (SELECT json_group_array(json_object('attempt', a.attempt, 'at', a.at, 'ok', a.ok, 'response_code', a.response_code, 'error', a.error))
            FROM (SELECT * FROM webhook_attempts WHERE delivery_id = d.id ORDER BY attempt) a) AS tries
       FROM (SELECT *, row_number() OVER (PARTITION BY endpoint_id ORDER BY id DESC) AS n FROM webhook_deliveries) d
       JOIN webhook_events e ON e.id = d.event_id LEFT JOIN orders o ON o.id = e.order_id
       WHERE d.n <= ${SHOWN} ORDER BY d.id DESC`,
    ),
  ]);
  return { endpoints: endpoints!.results as Endpoint[], deliveries: deliveries!.results as DeliveryRow[] };
}

/** Removes endpoint `id` (its deliveries and their attempts go with it, ON DELETE CASCADE); false when there is none. */
export const removeWebhookEndpoint = async (db: SqlStore, _restaurantId: number, id: number): Promise<boolean> =>
  (await db.prepare("DELETE FROM webhook_endpoints WHERE id = ? RETURNING id").bind(id).first()) !== null;

/** Endpoint `id` signs with a new secret from now on (a lost one, or one a restored file replaced); null when there is none. */
export async function renewWebhookSecret(db: SqlStore, _restaurantId: number, id: number): Promise<string | null> {
  const secret = newWebhookSecret();
  const row = await db.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ? RETURNING id").bind(secret, id).first();
  return row ? secret : null;
}

/** An endpoint switched off (by hand or for failing) takes events again; false when there is none. */
export async function switchWebhookOn(db: SqlStore, _restaurantId: number, id: number): Promise<boolean> {
  const row = await db.prepare("UPDATE webhook_endpoints SET enabled = 1, disabled_at = NULL, failing_since = NULL WHERE id = ? RETURNING id").bind(id).first();
  return row !== null;
}

/** A `test` event for endpoint `id` alone: "sent", "busy" while MAX_PENDING_TESTS wait, "notFound". */
export async function sendWebhookTest(db: SqlStore, _restaurantId: number, id: number, now = Date.now()): Promise<"sent" | "busy" | "notFound"> {
  const eventId = `evt_${randomHex(12)}`;
  const [found, , queued] = await db.batch<{ id: number }>([
    db.prepare("SELECT id FROM webhook_endpoints WHERE id = ?").bind(id),
    db
      .prepare(
        `INSERT INTO webhook_events (event_id, type, created_at) SELECT ?1, 'test', ?2 WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = ?3)
         AND (SELECT count(*) FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
              WHERE d.endpoint_id = ?3 AND d.state = 'pending' AND e.type = 'test') < ${MAX_PENDING_TESTS}`,
      )
      .bind(eventId, now, id),
    db
      .prepare(
        "INSERT INTO webhook_deliveries (event_id, endpoint_id, next_at, updated_at) SELECT id, ?2, ?3, ?3 FROM webhook_events WHERE event_id = ?1 RETURNING id",
      )
      .bind(eventId, id, now),
  ]);
  if (!found!.results.length) return "notFound";
  return queued!.results.length ? "sent" : "busy";
}

/** A failed delivery tried once more now: "sent", "notFailed" (pending or delivered) or "notFound". */
export async function resendWebhookDelivery(db: SqlStore, _restaurantId: number, id: number, now = Date.now()): Promise<"sent" | "notFailed" | "notFound"> {
  const [updated, found] = await db.batch<{ id: number }>([
    db
      .prepare(
        `UPDATE webhook_deliveries SET state = 'pending', next_at = ?2, queued_at = NULL, started_at = NULL, claim = NULL, updated_at = ?2
         WHERE id = ?1 AND state = 'failed' RETURNING id`,
      )
      .bind(id, now),
    db.prepare("SELECT id FROM webhook_deliveries WHERE id = ?").bind(id),
  ]);
  if (updated!.results.length) return "sent";
  return found!.results.length ? "notFailed" : "notFound";
}
