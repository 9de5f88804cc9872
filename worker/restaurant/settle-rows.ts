// A payment session decided, on the restaurant's own rows (./settle.ts tells the screens): one
// transaction closes the open session, marks the order paid (or cancels the unpaid one), issues the
// sale's tax invoice and records Stripe's event when one decided it. Decided once: only an open session
// closes, and the order changes only from unpaid, so a replayed or late decision changes nothing.
import { ORDER_STATUS } from "../rules/status-table";
import { issueInvoice } from "./invoices";
import { stripeEventStatements } from "./payment-session-rows";
import type { OrdersDb } from "./sql-bridge";

export type Outcome = "paid" | "cancelled";

export interface Settled {
  id: number;
  branch_id: number;
  public_id: string | null;
  status: number;
  paid: number;
}

/** What decided it: `openUntil` (ms) refuses a session past its end (the demo page); Stripe's `event` is recorded with it. */
export interface Decision {
  outcome: Outcome;
  openUntil: number | null;
  event: { seen: { id: string; type: string; at: number }; session: { id: string; intent: string | null } } | null;
}

/** Closes session `sessionId` with the decision; the order when this call changed it, else null. */
export async function settleSession(db: OrdersDb, _restaurantId: number, sessionId: string, decision: Decision, now = Date.now()): Promise<Settled | null> {
  const { outcome } = decision;
  const [, changed] = await db.batch<Settled>([
    db
      .prepare("UPDATE payment_sessions SET status = ?2 WHERE id = ?1 AND status = 'open' AND (?3 IS NULL OR expires_at > ?3)")
      .bind(sessionId, outcome, decision.openUntil),
    outcome === "paid"
      ? db
          .prepare(
            "UPDATE orders SET paid = 1 WHERE id = (SELECT order_id FROM payment_sessions WHERE id = ? AND status = 'paid') AND paid = 0 RETURNING id, branch_id, public_id, status, paid",
          )
          .bind(sessionId)
      : db
          .prepare(
            "UPDATE orders SET status = ?2 WHERE id = (SELECT order_id FROM payment_sessions WHERE id = ?1 AND status = 'cancelled') AND paid = 0 AND status <> ?2 RETURNING id, branch_id, public_id, status, paid",
          )
          .bind(sessionId, ORDER_STATUS.canceled),
    // A sale: its tax invoice in the same transaction (a replayed decision issues none: one per order).
    ...(outcome === "paid" ? [issueInvoice(db, "SELECT order_id FROM payment_sessions WHERE id = ? AND status = 'paid'", [sessionId], now)] : []),
    ...(decision.event ? stripeEventStatements(db, decision.event.seen, decision.event.session) : []),
  ]);
  return changed!.results[0] ?? null;
}
