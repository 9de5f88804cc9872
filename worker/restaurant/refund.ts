// Refunds of cancelled card-paid orders (docs/decisions/0029): the cancel's own transaction opens the refund row
// (move-order.ts), then one attempt claims it by a conditional write and asks the paid session's
// provider: Stripe refunds the PaymentIntent on the restaurant's connected account, the demo provider
// records a DEMO refund. A failure is stored (status, attempt count, error) and shown on the board with a
// retry; a retry claims only a failed or stalled refund, so concurrent cancels and retries refund once.
import * as v from "valibot";
import { BOARD_EVENT, branchOrdersChannel, ORDER_STATUS_EVENT, orderChannel, restaurantHub } from "../realtime/channels";
import { publish } from "../realtime/publish";
import { randomId } from "../rules/secrets";
import { stripeClient, stripeConfigured } from "../providers/stripe";
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

interface Claimed {
  order_id: number;
  session_id: string;
  provider: "demo" | "stripe";
  amount: number;
  currency: string;
  attempts: number;
}

/** What the provider said: refunded (or on its way: Stripe's pending), or why not. */
type Answer = { status: "succeeded" | "pending"; provider_id: string; amount: number } | { status: "failed"; error: string };

const StripeRefund = v.object({
  id: v.pipe(v.string(), v.regex(/^re_[A-Za-z0-9_]{1,200}$/)),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.nullable(v.string()),
});
const PaymentIntent = v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9_]{1,200}$/));

/** Stripe: the session's PaymentIntent (stored by the webhook, else read from the session once) refunded in full. */
async function refundOnStripe(env: Env, restaurant: OrderRestaurant, db: OrdersDb, refund: Claimed): Promise<Answer> {
  if (!stripeConfigured(env)) return { status: "failed", error: "Stripe is not set up on this site." };
  if (!restaurant.stripe_account_id) return { status: "failed", error: "The restaurant has no Stripe account." };
  const row = await db.prepare("SELECT payment_intent FROM payment_sessions WHERE id = ?").bind(refund.session_id).first<{ payment_intent: string | null }>();
  const { stripe } = await stripeClient(env);
  const options = { stripeAccount: restaurant.stripe_account_id };
  try {
    let intent = row?.payment_intent ?? null;
    if (!intent) {
      // Paid before payment intents were stored: the session names it.
      const session = await stripe.checkout.sessions.retrieve(refund.session_id, {}, options);
      const parsed = v.safeParse(PaymentIntent, typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id);
      if (!parsed.success) return { status: "failed", error: "Stripe names no payment for this session." };
      intent = parsed.output;
      await db.prepare("UPDATE payment_sessions SET payment_intent = ? WHERE id = ? AND payment_intent IS NULL").bind(intent, refund.session_id).run();
    }
    // One key per attempt: Stripe replays a key's first answer, a 500 included, so a retry needs its own;
    // a retry after a lost success is answered charge_already_refunded (below), never a second refund.
    const created = await stripe.refunds.create(
      { payment_intent: intent, metadata: { order_id: String(refund.order_id) } },
      {
        ...options,
        idempotencyKey: `refund-r${restaurant.id}-order-${refund.order_id}-${refund.attempts}`,
      },
    );
    const answer = v.safeParse(StripeRefund, created);
    if (!answer.success) return { status: "failed", error: "Stripe's answer was not a refund." };
    const { id, amount, status } = answer.output;
    if (status === "succeeded") return { status: "succeeded", provider_id: id, amount };
    if (status === "pending" || status === "requires_action") return { status: "pending", provider_id: id, amount };
    return { status: "failed", error: `Stripe refund ${id} is ${status ?? "unknown"}.` };
  } catch (error) {
    const e = error as { code?: string; message?: string; statusCode?: number };
    if (e.code === "charge_already_refunded") return { status: "succeeded", provider_id: "already_refunded", amount: refund.amount };
    return { status: "failed", error: `Stripe: ${(e.message ?? String(error)).slice(0, 300)}${e.statusCode ? ` (${e.statusCode})` : ""}` };
  }
}

async function askProvider(env: Env, restaurant: OrderRestaurant, db: OrdersDb, refund: Claimed): Promise<Answer> {
  if (refund.provider === "demo") return { status: "succeeded", provider_id: `demo_re_${randomId(14)}`, amount: refund.amount };
  return refundOnStripe(env, restaurant, db, refund);
}

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
    .first<Claimed>();
  if (!claimed) return null;
  const answer = await askProvider(env, restaurant, db, claimed);
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
