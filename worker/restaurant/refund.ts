// Refunds of cancelled card-paid orders (docs/decisions/0029): the cancel's own transaction opens the refund row
// (move-order.ts), then one attempt claims it by a conditional write and asks the paid session's
// provider (passed in by the caller: worker/providers/refunds.ts): Stripe refunds the PaymentIntent on
// the restaurant's connected account, the demo provider records a DEMO refund. A failure is stored (status, attempt count, error) and shown on the board with a
// retry; a retry claims only a failed or stalled refund, so concurrent cancels and retries refund once.
import { BOARD_EVENT, branchOrdersChannel, ORDER_STATUS_EVENT, orderChannel, restaurantHub } from "../realtime/channels";
import { publish } from "../realtime/publish";
import { majorUnits } from "../rules/money";
import { ORDER_STATUS } from "../rules/status-table";
import { restaurantsOfAccount, type OrderRestaurant } from "../directory/order-restaurants";
import type { ObjectStatement, OrdersDb } from "./sql-bridge";
import { restaurantOrders } from "./stub";

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
  provider: "demo" | "stripe";
  amount: number;
  currency: string;
  attempts: number;
}

/** What the provider said: refunded (or on its way: Stripe's pending), or why not. */
export type RefundAnswer = { status: "succeeded" | "pending"; provider_id: string; amount: number } | { status: "failed"; error: string };

/** The paid session's PaymentIntent as the restaurant's rows keep it (Stripe names it once; it is kept). */
export interface PaymentIntents {
  stored(): Promise<string | null>;
  remember(intent: string): Promise<void>;
}

/** Asks the paid session's provider for the claimed refund (worker/providers/refunds.ts: Stripe, or the demo). */
export type AskRefund = (refund: ClaimedRefund, intents: PaymentIntents) => Promise<RefundAnswer>;

/** The refund's session's PaymentIntent, read and kept in the restaurant's rows. */
const intentsOf = (db: OrdersDb, sessionId: string): PaymentIntents => ({
  stored: async () =>
    (await db.prepare("SELECT payment_intent FROM payment_sessions WHERE id = ?").bind(sessionId).first<{ payment_intent: string | null }>())?.payment_intent ??
    null,
  remember: async (intent) => {
    await db.prepare("UPDATE payment_sessions SET payment_intent = ? WHERE id = ? AND payment_intent IS NULL").bind(intent, sessionId).run();
  },
});

export interface RefundState {
  status: RefundStatus;
  amount: number;
  currency: string;
  provider: "demo" | "stripe";
}

/**
 * One attempt at order `orderId`'s refund. `first`: only a refund never attempted (the cancel that
 * opened it); otherwise only a failed one or a stalled pending one (the board's retry). Returns the
 * refund as it now is, or null when nothing was claimed (none, done, or another attempt holds it).
 */
export async function attemptRefund(
  env: Env,
  restaurant: OrderRestaurant,
  orderId: number,
  which: "first" | "retry",
  ask: AskRefund,
  now = Date.now(),
): Promise<RefundState | null> {
  const db = restaurantOrders(env, restaurant);
  const claimed = await db
    .prepare(
      `UPDATE refunds SET status = 'pending', attempts = attempts + 1, claimed_at = ?2, updated_at = ?2
     WHERE order_id = ?1 AND provider_id IS NULL AND (CASE WHEN ?3 = 'first' THEN status = 'pending' AND attempts = 0
       ELSE status = 'failed' OR (status = 'pending' AND attempts > 0 AND claimed_at < ?2 - ?4) END)
     RETURNING order_id, session_id, provider, amount, currency, attempts`,
    )
    .bind(orderId, now, which, REFUND_STALL_MS)
    .first<ClaimedRefund>();
  if (!claimed) return null;
  const answer = await ask(claimed, intentsOf(db, claimed.session_id));
  const done = Date.now();
  const stored =
    answer.status === "failed"
      ? db
          .prepare("UPDATE refunds SET status = 'failed', last_error = ?3, updated_at = ?4 WHERE order_id = ?1 AND attempts = ?2 AND provider_id IS NULL")
          .bind(orderId, claimed.attempts, answer.error, done)
      : db
          .prepare(
            "UPDATE refunds SET status = ?3, provider_id = ?4, amount = ?5, last_error = NULL, updated_at = ?6 WHERE order_id = ?1 AND attempts = ?2 AND provider_id IS NULL",
          )
          .bind(orderId, claimed.attempts, answer.status, answer.provider_id, answer.amount, done);
  await stored.run();
  if (answer.status === "failed") console.error(JSON.stringify({ event: "refund.failed", order_id: orderId, attempt: claimed.attempts, error: answer.error }));
  await tell(env, restaurant, db, orderId, answer.status);
  return { status: answer.status, amount: answer.status === "failed" ? claimed.amount : answer.amount, currency: claimed.currency, provider: claimed.provider };
}

/** The diner's screen and the branch's board reload the order (best effort, like every status). */
async function tell(env: Env, restaurant: OrderRestaurant, db: OrdersDb, orderId: number, refund: RefundStatus) {
  const order = await db.prepare("SELECT public_id, branch_id FROM orders WHERE id = ?").bind(orderId).first<{ public_id: string | null; branch_id: number }>();
  if (!order) return;
  // The restaurant's domain names the hub its channels live on (docs/decisions/0038).
  const hub = restaurantHub(restaurant.domain);
  const said = (error: unknown) => console.error("refund: realtime publish failed", error);
  await Promise.all([
    order.public_id
      ? publish(env, {
          hub,
          channel: orderChannel(order.public_id),
          event: ORDER_STATUS_EVENT,
          data: { order_id: orderId, status: ORDER_STATUS.canceled, refund },
        }).catch(said)
      : undefined,
    publish(env, { hub, channel: branchOrdersChannel(order.branch_id), event: BOARD_EVENT, data: { order_id: orderId, status: ORDER_STATUS.canceled } }).catch(
      said,
    ),
  ]);
}

/**
 * Stripe's later word on a refund it answered pending (refund.updated, charge.refund.updated,
 * refund.failed), for a refund on `account`: succeeded, or failed (then retryable from the board, with
 * the provider id cleared so a retry claims it). Only a pending one changes. Returns whether it did.
 */
export async function refundDecided(env: Env, refund: { id: string; status?: string; failure_reason?: string | null }, account: string): Promise<boolean> {
  const final = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : null;
  if (!final) return false;
  // The account's restaurant (its object holds the refund); an account shared by several is asked of each.
  for (const restaurant of await restaurantsOfAccount(env.DB, account)) {
    const db = restaurantOrders(env, restaurant);
    const row = await db
      .prepare(
        `UPDATE refunds SET status = ?2, provider_id = CASE WHEN ?2 = 'failed' THEN NULL ELSE provider_id END,
         last_error = CASE WHEN ?2 = 'failed' THEN ?3 ELSE NULL END, updated_at = ?4
       WHERE provider_id = ?1 AND provider = 'stripe' AND status = 'pending'
       RETURNING order_id`,
      )
      .bind(refund.id, final, `Stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason ?? "no reason given"}`, Date.now())
      .first<{ order_id: number }>();
    if (!row) continue;
    await tell(env, restaurant, db, row.order_id, final);
    return true;
  }
  return false;
}

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
