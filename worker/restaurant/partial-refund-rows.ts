// A partial refund's rows (docs/decisions/0083): the board refunds part of a card-paid order that is not
// cancelled (a cold dish, a missing line). One transaction claims the amount by a conditional write (never
// above what the order's refunds left: twenty requests for the whole rest open one) and issues its credit
// note; ./refund.ts then makes the attempt through the paid session's provider, like a cancel's refund.
import { ORDER_STATUS } from "../rules/status-table";
import { issuePartialCreditNote } from "./invoices";
import { REFUNDED } from "./refund-rows";
import type { OrdersDb } from "./sql-bridge";

/** A partial refund opened (its row's id), or why not; `left`: what may still be refunded, minor units. */
export type PartialOpened =
  | { ok: true; id: number; left: number; currency: string }
  | { ok: false; problem: "notFound" | "notCardPaid" | "cancelled" | "tooMuch" | "step"; left: number; currency: string; step: number };

/** The step, in minor units, each provider refunds in (its charge step in the order's currency), by the name a paid session keeps. */
export type RefundSteps = Record<string, number>;

/**
 * Opens a partial refund of `amount` (minor units, a multiple of the paid session's provider's step) of
 * order `orderId` with `reason`, and its credit note, in one transaction; or says why not.
 */
export async function openPartialRefund(
  db: OrdersDb,
  restaurantId: number,
  orderId: number,
  amount: number,
  reason: string,
  steps: RefundSteps,
  now: number,
): Promise<PartialOpened> {
  const [opened, , state] = await db.batch<{ id: number } & { status: number; card_paid: number; left: number; currency: string; step: number | null }>([
    db
      .prepare(
        `INSERT INTO refunds (order_id, kind, reason, session_id, provider, amount, currency, created_at, updated_at)
         SELECT o.id, 'partial', ?4, s.id, s.provider, ?3, o.currency, ?5, ?5 FROM orders o
           JOIN payment_sessions s ON s.id = (SELECT id FROM payment_sessions WHERE order_id = o.id AND status = 'paid' ORDER BY created_at LIMIT 1)
         WHERE o.id = ?1 AND o.restaurant_id = ?2 AND o.status <> ?6 AND o.payment = 'online' AND o.paid = 1 AND ?3 > 0 AND ?3 <= o.total_minor - ${REFUNDED}
           AND ?3 % json_extract(?7, '$.' || s.provider) = 0
         RETURNING id`,
      )
      .bind(orderId, restaurantId, amount, reason, now, ORDER_STATUS.canceled, JSON.stringify(steps)),
    issuePartialCreditNote(db, orderId, now),
    db
      .prepare(
        `SELECT o.status, o.payment = 'online' AND o.paid = 1 AS card_paid, o.total_minor - ${REFUNDED} AS left, o.currency,
                json_extract(?4, '$.' || (SELECT provider FROM payment_sessions WHERE order_id = o.id AND status = 'paid' ORDER BY created_at LIMIT 1)) AS step
         FROM orders o WHERE o.id = ?1 AND o.restaurant_id = ?2`,
      )
      .bind(orderId, restaurantId, amount, JSON.stringify(steps)),
  ]);
  const id = opened!.results[0]?.id;
  const row = state!.results[0];
  if (!row) return { ok: false, problem: "notFound", left: 0, currency: "", step: 1 };
  const { left, currency } = row;
  if (id !== undefined) return { ok: true, id, left, currency };
  const problem = !row.card_paid ? "notCardPaid" : row.status === ORDER_STATUS.canceled ? "cancelled" : amount > left ? "tooMuch" : "step";
  // The paid session's provider's step (the refusal names it), 1 where no card paid.
  return { ok: false, problem, left, currency, step: row.step ?? 1 };
}
