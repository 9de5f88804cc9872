// The restaurant's tax documents of one period, on the object's rows, for the console's tax screen
// and the accountant's CSV (worker/console/invoice-list.ts): each series in number order (invoices,
// then credit notes: docs/decisions/0060), with its order's number and the seller's VAT number.
import type { InvoiceColumns } from "./invoices";
import type { SqlStore } from "./sql-bridge";

/** A document with its order's number; a credit note's amounts are positive here, and subtracted in the totals. */
export interface ListedInvoice extends InvoiceColumns {
  num_order: number;
  /** The seller's VAT number when issued (a document without one is a receipt: worker/rules/tax-document.ts). */
  trn: string | null;
}

/** The documents issued from `from` to before `to` (unix ms), at most `limit`. */
export async function documentsBetween(db: SqlStore, _restaurantId: number, from: number, to: number, limit: number): Promise<ListedInvoice[]> {
  const { results } = await db
    .prepare(
      `SELECT n.number, n.kind, n.credits, n.issued_at, o.num_order, n.currency, n.vat_bp, n.total_minor, n.vat_minor, n.service_minor, n.tip_minor,
              json_extract(n.seller, '$.trn') AS trn
       FROM invoices n JOIN orders o ON o.id = n.order_id WHERE n.issued_at >= ? AND n.issued_at < ? ORDER BY n.kind = 'credit', n.number LIMIT ?`,
    )
    .bind(from, to, limit)
    .all<ListedInvoice>();
  return results;
}
