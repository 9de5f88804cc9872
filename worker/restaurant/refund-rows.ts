// A refund's rows in the restaurant's object (./refund.ts makes the attempts and tells the screens):
// opened in the cancel's own transaction, claimed for one attempt by a conditional write, its provider's
// answer stored against that attempt only, and Stripe's later word applied to a pending one only.
import { majorUnits } from "../rules/money";
import { ORDER_STATUS } from "../rules/status-table";
import type { ObjectStatement, OrdersDb } from "./sql-bridge";

export type RefundStatus = "pending" | "succeeded" | "failed";

/** A pending refund claimed this long ago without an answer has stalled (the worker went away): it may be retried. */
export const REFUND_STALL_MS = 2 * 60_000;

/**
 * In the cancel's transaction, after its write: the cancel's refund row for order `orderId` when it is now
 * cancelled and was paid online, of what its partial refunds left (minor units) through the provider of
 * its paid session. Nothing when one exists already (a second cancel), nothing is left, or it was not paid.
 */
export function openRefund(db: OrdersDb, orderId: number, restaurantId: number, now = Date.now()): ObjectStatement {
  return db
    .prepare(
      `INSERT INTO refunds (order_id, kind, session_id, provider, amount, currency, created_at, updated_at)
     SELECT o.id, 'cancel', s.id, s.provider, o.total_minor - ${REFUNDED}, o.currency, ?3, ?3 FROM orders o
       JOIN payment_sessions s ON s.id = (SELECT id FROM payment_sessions WHERE order_id = o.id AND status = 'paid' ORDER BY created_at LIMIT 1)
     WHERE o.id = ?1 AND o.restaurant_id = ?2 AND o.status = ?4 AND o.payment = 'online' AND o.paid = 1 AND o.total_minor - ${REFUNDED} > 0
     ON CONFLICT DO NOTHING`,
    )
    .bind(orderId, restaurantId, now, ORDER_STATUS.canceled);
}

/** What order `o`'s refunds have claimed so far, minor units (a SQL expression): a failed one stays claimed until retried. */
export const REFUNDED = "(SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.order_id = o.id)";

/** A refund claimed for one attempt, as its provider is asked it. */
export interface ClaimedRefund {
  /** The refund's own row (an order may have several: partial ones, then the cancel's). */
  id: number;
  order_id: number;
  session_id: string;
  provider: "demo" | "stripe" | "tap";
  /** The paid session's Tap charge (Tap's sessions only). */
  charge_id: string | null;
  amount: number;
  currency: string;
  attempts: number;
}

/**
 * Claims one of order `orderId`'s refunds for one attempt: refund `refundId`, or else (`first`) the cancel's.
 * `first`: only a refund never attempted (the cancel or the partial refund that opened it); `retry`: only a
 * failed one or a stalled pending one (the board's retry; the order's oldest such without `refundId`). Null
 * when nothing was claimed (none, done, or another attempt holds it).
 */
export const claimRefund = (db: OrdersDb, _restaurantId: number, orderId: number, which: "first" | "retry", now: number, refundId: number | null = null) =>
  db
    .prepare(
      `UPDATE refunds SET status = 'pending', attempts = attempts + 1, claimed_at = ?2, updated_at = ?2
     WHERE id = (SELECT id FROM refunds WHERE order_id = ?1 AND provider_id IS NULL
         AND (CASE WHEN ?5 IS NOT NULL THEN id = ?5 WHEN ?3 = 'first' THEN kind = 'cancel' ELSE 1 END)
         AND (CASE WHEN ?3 = 'first' THEN status = 'pending' AND attempts = 0
           ELSE status = 'failed' OR (status = 'pending' AND attempts > 0 AND claimed_at < ?2 - ?4) END)
         ORDER BY id LIMIT 1)
     RETURNING id, order_id, session_id, provider, amount, currency, attempts, (SELECT charge_id FROM payment_sessions WHERE id = session_id) AS charge_id`,
    )
    .bind(orderId, now, which, REFUND_STALL_MS, refundId)
    .first<ClaimedRefund>();

/** The paid session's PaymentIntent as the restaurant's rows keep it (Stripe names it once). */
export const sessionIntent = async (db: OrdersDb, _restaurantId: number, sessionId: string) =>
  (await db.prepare("SELECT payment_intent FROM payment_sessions WHERE id = ?").bind(sessionId).first<{ payment_intent: string | null }>())?.payment_intent ??
  null;

/** Keeps the PaymentIntent Stripe named for the session (the first one named stays). */
export async function keepSessionIntent(db: OrdersDb, _restaurantId: number, sessionId: string, intent: string): Promise<void> {
  await db.prepare("UPDATE payment_sessions SET payment_intent = ? WHERE id = ? AND payment_intent IS NULL").bind(intent, sessionId).run();
}

/** What the provider said: refunded (or on its way: Stripe's pending), or why not. */
export type RefundAnswer = { status: "succeeded" | "pending"; provider_id: string; amount: number } | { status: "failed"; error: string };

/** Stores the provider's answer to attempt `attempt` of refund `refundId` (a later attempt's claim is not overwritten); the order's channel, branch and status. */
export async function storeRefundAnswer(db: OrdersDb, _restaurantId: number, refundId: number, attempt: number, answer: RefundAnswer, now: number) {
  const stored =
    answer.status === "failed"
      ? db
          .prepare("UPDATE refunds SET status = 'failed', last_error = ?3, updated_at = ?4 WHERE id = ?1 AND attempts = ?2 AND provider_id IS NULL")
          .bind(refundId, attempt, answer.error, now)
      : db
          .prepare(
            "UPDATE refunds SET status = ?3, provider_id = ?4, amount = ?5, last_error = NULL, updated_at = ?6 WHERE id = ?1 AND attempts = ?2 AND provider_id IS NULL",
          )
          .bind(refundId, attempt, answer.status, answer.provider_id, answer.amount, now);
  const [, order] = await db.batch<{ public_id: string | null; branch_id: number; status: number }>([
    stored,
    db.prepare("SELECT public_id, branch_id, status FROM orders WHERE id = (SELECT order_id FROM refunds WHERE id = ?)").bind(refundId),
  ]);
  return order!.results[0] ?? null;
}

/**
 * A provider's later word on refund `refundId` it answered pending: succeeded, or failed (then retryable
 * from the board, its provider id cleared so a retry claims it). Only a pending refund of that provider
 * changes: the order's id, channel and branch when it did, else null.
 */
export const providerRefundDecided =
  (provider: "stripe" | "tap") => (db: OrdersDb, _restaurantId: number, refundId: string, final: "succeeded" | "failed", note: string, now: number) =>
    db
      .prepare(
        `UPDATE refunds SET status = ?2, provider_id = CASE WHEN ?2 = 'failed' THEN NULL ELSE provider_id END,
         last_error = CASE WHEN ?2 = 'failed' THEN ?3 ELSE NULL END, updated_at = ?4
       WHERE provider_id = ?1 AND provider = ?5 AND status = 'pending'
       RETURNING order_id, (SELECT public_id FROM orders WHERE id = order_id) AS public_id, (SELECT branch_id FROM orders WHERE id = order_id) AS branch_id,
         (SELECT status FROM orders WHERE id = order_id) AS status`,
      )
      .bind(refundId, final, note, now, provider)
      .first<{ order_id: number; public_id: string | null; branch_id: number; status: number }>();

/** Stripe's later word on a refund it answered pending. */
export const stripeRefundDecided = providerRefundDecided("stripe");

/**
 * An order's refunds as one, for the board and the diner (SQL expressions over the order `order` names):
 * failed when one failed, pending when one is, else succeeded; their amounts summed; the newest failure's words.
 */
export const refundSummary = (order: string) => {
  const of = (expression: string) => `(SELECT ${expression} FROM refunds f WHERE f.order_id = ${order})`;
  return {
    status: of(
      `CASE WHEN count(*) = 0 THEN NULL WHEN max(f.status = 'failed') THEN 'failed' WHEN max(f.status = 'pending') THEN 'pending' ELSE 'succeeded' END`,
    ),
    amount: of("sum(f.amount)"),
    currency: of("max(f.currency)"),
    provider: of("max(f.provider)"),
    error: `(SELECT f.last_error FROM refunds f WHERE f.order_id = ${order} AND f.status = 'failed' ORDER BY f.id DESC LIMIT 1)`,
    claimed_at: of("max(f.claimed_at)"),
  };
};

/** A refund as the diner's order shows it (money in major units, like the order's price); failed reads as on its way. */
export const dinerRefund = (row: {
  refund_status: RefundStatus | null;
  refund_amount: number | null;
  refund_currency: string | null;
  refund_provider: string | null;
}) =>
  row.refund_status === null || row.refund_amount === null || row.refund_currency === null
    ? null
    : {
        status: row.refund_status === "succeeded" ? "succeeded" : "pending",
        amount: majorUnits(row.refund_amount, row.refund_currency),
        demo: row.refund_provider === "demo",
      };
