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
 * In the cancel's transaction, after its write: a refund row for order `orderId` when it is now
 * cancelled and was paid online, of `amount` (minor units) through the provider of its paid session.
 * Nothing when one exists already (a second cancel) or the order was not paid.
 */
export function openRefund(db: OrdersDb, orderId: number, restaurantId: number, amount: number, currency: string, now = Date.now()): ObjectStatement {
  return db
    .prepare(
      `INSERT INTO refunds (order_id, session_id, provider, amount, currency, created_at, updated_at)
     SELECT o.id, s.id, s.provider, ?3, ?6, ?4, ?4 FROM orders o
       JOIN payment_sessions s ON s.id = (SELECT id FROM payment_sessions WHERE order_id = o.id AND status = 'paid' ORDER BY created_at LIMIT 1)
     WHERE o.id = ?1 AND o.restaurant_id = ?2 AND o.status = ?5 AND o.payment = 'online' AND o.paid = 1
     ON CONFLICT (order_id) DO NOTHING`,
    )
    .bind(orderId, restaurantId, amount, now, ORDER_STATUS.canceled, currency);
}

/** A refund claimed for one attempt, as its provider is asked it. */
export interface ClaimedRefund {
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
 * Claims order `orderId`'s refund for one attempt. `first`: only a refund never attempted (the cancel
 * that opened it); otherwise only a failed one or a stalled pending one (the board's retry). Null when
 * nothing was claimed (none, done, or another attempt holds it).
 */
export const claimRefund = (db: OrdersDb, _restaurantId: number, orderId: number, which: "first" | "retry", now: number) =>
  db
    .prepare(
      `UPDATE refunds SET status = 'pending', attempts = attempts + 1, claimed_at = ?2, updated_at = ?2
     WHERE order_id = ?1 AND provider_id IS NULL AND (CASE WHEN ?3 = 'first' THEN status = 'pending' AND attempts = 0
       ELSE status = 'failed' OR (status = 'pending' AND attempts > 0 AND claimed_at < ?2 - ?4) END)
     RETURNING order_id, session_id, provider, amount, currency, attempts, (SELECT charge_id FROM payment_sessions WHERE id = session_id) AS charge_id`,
    )
    .bind(orderId, now, which, REFUND_STALL_MS)
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

/** Stores the provider's answer to attempt `attempt` (a later attempt's claim is not overwritten); the order's channel and branch. */
export async function storeRefundAnswer(db: OrdersDb, _restaurantId: number, orderId: number, attempt: number, answer: RefundAnswer, now: number) {
  const stored =
    answer.status === "failed"
      ? db
          .prepare("UPDATE refunds SET status = 'failed', last_error = ?3, updated_at = ?4 WHERE order_id = ?1 AND attempts = ?2 AND provider_id IS NULL")
          .bind(orderId, attempt, answer.error, now)
      : db
          .prepare(
            "UPDATE refunds SET status = ?3, provider_id = ?4, amount = ?5, last_error = NULL, updated_at = ?6 WHERE order_id = ?1 AND attempts = ?2 AND provider_id IS NULL",
          )
          .bind(orderId, attempt, answer.status, answer.provider_id, answer.amount, now);
  const [, order] = await db.batch<{ public_id: string | null; branch_id: number }>([
    stored,
    db.prepare("SELECT public_id, branch_id FROM orders WHERE id = ?").bind(orderId),
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
       RETURNING order_id, (SELECT public_id FROM orders WHERE id = order_id) AS public_id, (SELECT branch_id FROM orders WHERE id = order_id) AS branch_id`,
      )
      .bind(refundId, final, note, now, provider)
      .first<{ order_id: number; public_id: string | null; branch_id: number }>();

/** Stripe's later word on a refund it answered pending. */
export const stripeRefundDecided = providerRefundDecided("stripe");

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
