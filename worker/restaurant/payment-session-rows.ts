// A hosted payment's sessions on the restaurant's object (`payment_sessions`, beside its order): opened
// by the demo page or Stripe Checkout, found again by the pay page and Stripe's webhook, and exchanged
// once for a token that reads that order only. worker/providers/ and worker/contract/payment-token.ts
// call these by name; the provider's own calls (Stripe) stay there.
import type { SqlStore } from "./sql-bridge";

/** A session as a provider opens it, before anything is paid. */
export interface NewSession {
  id: string;
  orderId: number;
  successUrl: string;
  cancelUrl: string;
  now: number;
  expiresAt: number;
}

/** Stores a new session of `provider` for the order. */
export async function insertSession(db: SqlStore, session: NewSession, provider: "demo" | "tap") {
  await db
    .prepare("INSERT INTO payment_sessions (id, order_id, success_url, cancel_url, created_at, expires_at, provider) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(session.id, session.orderId, session.successUrl, session.cancelUrl, session.now, session.expiresAt, provider)
    .run();
}

/** A new demo session for the order. */
export const addDemoSession = (db: SqlStore, _restaurantId: number, session: NewSession) => insertSession(db, session, "demo");

/** A demo session as the demo payment page reads it: the session and its order's money. */
export interface DemoSessionRow {
  id: string;
  order_id: number;
  success_url: string;
  cancel_url: string;
  status: string;
  expires_at: number;
  total_minor: number;
  currency: string;
  num_order: number;
}

/** A demo session and its order's money, whatever its state, or null. */
export const demoSession = (db: SqlStore, _restaurantId: number, id: string) =>
  db
    .prepare(
      `SELECT s.id, s.order_id, s.success_url, s.cancel_url, s.status, s.expires_at, o.total_minor, o.currency, o.num_order
     FROM payment_sessions s JOIN orders o ON o.id = s.order_id
     WHERE s.id = ? AND s.provider = 'demo'`,
    )
    .bind(id)
    .first<DemoSessionRow>();

/**
 * The order's open Stripe page still open after `openAfter` (a retry goes back to it), and how many
 * sessions the order has had (each try's idempotency key counts them).
 */
export async function stripeSessionTries(db: SqlStore, _restaurantId: number, orderId: number, openAfter: number) {
  const open = await db
    .prepare(
      "SELECT url, (SELECT count(*) FROM payment_sessions WHERE order_id = ?1) AS tries FROM payment_sessions WHERE order_id = ?1 AND provider = 'stripe' AND status = 'open' AND expires_at > ?2 ORDER BY created_at DESC LIMIT 1",
    )
    .bind(orderId, openAfter)
    .first<{ url: string | null; tries: number }>();
  if (open) return open;
  const count = await db.prepare("SELECT count(*) AS n FROM payment_sessions WHERE order_id = ?").bind(orderId).first<{ n: number }>();
  return { url: null, tries: count?.n ?? 0 };
}

/** A Stripe Checkout session just created for the order (kept once, whatever retries bring). */
export async function addStripeSession(
  db: SqlStore,
  _restaurantId: number,
  session: { id: string; orderId: number; successUrl: string; cancelUrl: string; now: number; expiresAt: number; url: string },
) {
  await db
    .prepare(
      `INSERT INTO payment_sessions (id, order_id, success_url, cancel_url, created_at, expires_at, provider, url)
         VALUES (?, ?, ?, ?, ?, ?, 'stripe', ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(session.id, session.orderId, session.successUrl, session.cancelUrl, session.now, session.expiresAt, session.url)
    .run();
}

/** A Stripe session of this restaurant, and whether the event was handled already; null when not one of its sessions. */
export const stripeSessionSeen = (db: SqlStore, _restaurantId: number, sessionId: string, eventId: string) =>
  db
    .prepare("SELECT id, EXISTS (SELECT 1 FROM stripe_events WHERE id = ?2) AS seen FROM payment_sessions WHERE id = ?1 AND provider = 'stripe'")
    .bind(sessionId, eventId)
    .first<{ id: string; seen: number }>();

/** The statements that record a Stripe event (and the session's payment intent, when it names one), for a batch. */
export const stripeEventStatements = <S extends { bind(...params: unknown[]): S }>(
  db: { prepare(sql: string): S },
  event: { id: string; type: string; at: number },
  session: { id: string; intent: string | null },
): S[] => {
  const record = db
    .prepare("INSERT INTO stripe_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING")
    .bind(event.id, event.type, event.at);
  return session.intent
    ? [record, db.prepare("UPDATE payment_sessions SET payment_intent = ? WHERE id = ? AND payment_intent IS NULL").bind(session.intent, session.id)]
    : [record];
};

/** Records a Stripe event that changes nothing yet (a payment still being confirmed). */
export async function recordStripeEvent(
  db: SqlStore,
  _restaurantId: number,
  event: { id: string; type: string; at: number },
  session: { id: string; intent: string | null },
) {
  await db.batch(stripeEventStatements(db, event, session));
}

/**
 * In one transaction: the session records the token's hash only if none was given yet (paid and not
 * past `paidUntil`'s grace, or open and not expired at `now`), and the token is stored only where the
 * session holds that hash, so concurrent exchanges give one token between them. The order's phone and
 * id, or null.
 */
export async function exchangePaymentToken(
  db: SqlStore,
  restaurantId: number,
  exchange: { session: string; tokenHash: string; paidAfter: number; now: number; tokenExpiresAt: number },
) {
  const [, stored] = await db.batch<{ phone: string; order_id: number }>([
    db
      .prepare(
        `UPDATE payment_sessions SET token_hash = ?1
       WHERE id = ?2 AND token_hash IS NULL AND ((status = 'paid' AND expires_at > ?3) OR (status = 'open' AND expires_at > ?5))
         AND order_id IN (SELECT id FROM orders WHERE restaurant_id = ?4)`,
      )
      .bind(exchange.tokenHash, exchange.session, exchange.paidAfter, restaurantId, exchange.now),
    db
      .prepare(
        `INSERT INTO order_tokens (token_hash, phone, name, expires_at, order_id)
       SELECT ?1, o.phone, o.name, ?2, o.id FROM payment_sessions s JOIN orders o ON o.id = s.order_id
       WHERE s.id = ?3 AND s.token_hash = ?1
       RETURNING phone, order_id`,
      )
      .bind(exchange.tokenHash, exchange.tokenExpiresAt, exchange.session),
  ]);
  return stored!.results[0] ?? null;
}
