// Tax invoices and credit notes (issue 26, point 3; docs/decisions/0053), issued inside the restaurant's
// object in the same transaction as what makes a sale (a card payment settled, "paid at the counter")
// or undoes it (a paid order cancelled). The number is claimed by the INSERT itself (max + 1 in one
// statement of the object's serial transaction), so the sequence has no gaps and no number twice.
import type { ObjectStatement, OrdersDb } from "./sql-bridge";

/** The seller as it is when a document is issued (its later edits do not change an issued invoice). */
const SELLER_NOW = `coalesce((SELECT json_object('legal_name_en', legal_name_en, 'legal_name_ar', legal_name_ar, 'trn', trn, 'address', address)
  FROM seller LIMIT 1), '{}')`;
const NEXT_NUMBER = "(SELECT coalesce(max(number), 0) + 1 FROM invoices)";

/**
 * The invoice of the paid order `orderId` selects (a SQL expression), unless it has one: run in the batch
 * that marks it paid, after that write (an unpaid order gets none).
 */
export function issueInvoice(db: OrdersDb, orderId: string, args: unknown[], now: number): ObjectStatement {
  return db
    .prepare(
      `INSERT INTO invoices (number, kind, order_id, issued_at, currency, vat_bp, total_minor, vat_minor, service_minor, tip_minor, seller)
       SELECT ${NEXT_NUMBER}, 'invoice', o.id, ?, o.currency, o.vat_bp, o.total_minor, o.vat_minor, o.service_minor, o.tip_minor, ${SELLER_NOW}
       FROM orders o WHERE o.id = (${orderId}) AND (o.payment = 'online' AND o.paid = 1 OR o.payment = 'otp' AND o.paid = 1)
       ON CONFLICT DO NOTHING`,
    )
    .bind(now, ...args);
}

/** The credit note of a cancelled order that has an invoice (once): the same amounts, referring to it. */
export function issueCreditNote(db: OrdersDb, orderId: number, canceled: number, now: number): ObjectStatement {
  return db
    .prepare(
      `INSERT INTO invoices (number, kind, order_id, credits, issued_at, currency, vat_bp, total_minor, vat_minor, service_minor, tip_minor, seller)
       SELECT ${NEXT_NUMBER}, 'credit', n.order_id, n.number, ?3, n.currency, n.vat_bp, n.total_minor, n.vat_minor, n.service_minor, n.tip_minor, ${SELLER_NOW}
       FROM invoices n JOIN orders o ON o.id = n.order_id WHERE n.order_id = ?1 AND n.kind = 'invoice' AND o.status = ?2
       ON CONFLICT DO NOTHING`,
    )
    .bind(orderId, canceled, now);
}

/** "Paid at the counter" (the board's tap): an order confirmed by SMS code becomes paid, and its invoice is issued. */
export function paidAtCounter(db: OrdersDb, orderId: number, restaurantId: number, canceled: number, now: number): ObjectStatement[] {
  return [
    db
      .prepare("UPDATE orders SET paid = 1 WHERE id = ? AND restaurant_id = ? AND payment = 'otp' AND paid = 0 AND status <> ? RETURNING id")
      .bind(orderId, restaurantId, canceled),
    issueInvoice(db, "?", [orderId], now),
  ];
}
