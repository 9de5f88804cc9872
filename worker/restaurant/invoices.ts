// Tax invoices and credit notes (docs/decisions/0053), issued inside the restaurant's
// object in the same transaction as what makes a sale (a card payment settled, "paid at the counter")
// or undoes it (a paid order cancelled). The number is claimed by the INSERT itself (max + 1 of its kind's
// series in one statement of the object's serial transaction), so each series has no gaps and no number twice.
import type { ObjectStatement, OrdersDb, SqlStore } from "./sql-bridge";
import { ORDER_STATUS } from "../rules/status-table";

/** The seller as it is when a document is issued (its later edits do not change an issued invoice). */
const SELLER_NOW = `coalesce((SELECT json_object('legal_name_en', legal_name_en, 'legal_name_ar', legal_name_ar, 'trn', trn, 'address', address,
  'crn', crn, 'national_address', json(national_address)) FROM seller LIMIT 1), '{}')`;
/** The next number of a series: invoices and credit notes each have their own (schema 14, docs/decisions/0060). */
const nextNumber = (kind: InvoiceColumns["kind"]) => `(SELECT coalesce(max(number), 0) + 1 FROM invoices WHERE kind = '${kind}')`;

/**
 * Whether the order `orderColumn` names has a receipt for its sale (a SQL expression, null while it has none):
 * issued without VAT shown, no VAT number or rate 0 (../rules/tax-document.ts `showsVat`, docs/decisions/0060).
 */
export const receiptColumn = (orderColumn: string) =>
  `(SELECT n.vat_bp = 0 OR coalesce(trim(json_extract(n.seller, '$.trn')), '') = '' FROM invoices n WHERE n.order_id = ${orderColumn} AND n.kind = 'invoice')`;

/**
 * The invoice of the paid order `orderId` selects (a SQL expression), unless it has one: run in the batch
 * that marks it paid, after that write (an unpaid order gets none).
 */
export function issueInvoice<S extends SqlStore>(db: S, orderId: string, args: unknown[], now: number): ReturnType<S["prepare"]> {
  return db
    .prepare(
      `INSERT INTO invoices (number, kind, order_id, issued_at, currency, vat_bp, total_minor, vat_minor, service_minor, tip_minor, seller)
       SELECT ${nextNumber("invoice")}, 'invoice', o.id, ?, o.currency, o.vat_bp, o.total_minor, o.vat_minor, o.service_minor, o.tip_minor, ${SELLER_NOW}
       FROM orders o WHERE o.id = (${orderId}) AND o.paid = 1
       ON CONFLICT DO NOTHING`,
    )
    .bind(now, ...args) as ReturnType<S["prepare"]>;
}

/** What order `?1`'s partial refunds' credit notes took so far (a derived table `p`: total, vat, service, tip). */
const PARTIAL_CREDITS = `(SELECT coalesce(sum(total_minor), 0) AS total, coalesce(sum(vat_minor), 0) AS vat, coalesce(sum(service_minor), 0) AS service,
  coalesce(sum(tip_minor), 0) AS tip FROM invoices WHERE order_id = ?1 AND kind = 'credit' AND refund_id IS NOT NULL) p`;

/**
 * The credit note of a cancelled order that has an invoice (once), referring to it: its amounts less what
 * its partial refunds' credit notes took (none when they took it all), so every credit note adds up to the invoice.
 */
export function issueCreditNote(db: OrdersDb, orderId: number, now: number): ObjectStatement {
  return db
    .prepare(
      `INSERT INTO invoices (number, kind, order_id, credits, issued_at, currency, vat_bp, total_minor, vat_minor, service_minor, tip_minor, seller)
       SELECT ${nextNumber("credit")}, 'credit', n.order_id, n.number, ?3, n.currency, n.vat_bp, n.total_minor - p.total, n.vat_minor - p.vat,
              n.service_minor - p.service, n.tip_minor - p.tip, ${SELLER_NOW}
       FROM invoices n JOIN orders o ON o.id = n.order_id, ${PARTIAL_CREDITS}
       WHERE n.order_id = ?1 AND n.kind = 'invoice' AND o.status = ?2 AND n.total_minor - p.total > 0
       ON CONFLICT DO NOTHING`,
    )
    .bind(orderId, ORDER_STATUS.canceled, now);
}

/** `part` of `whole` scaled by refunded/total, rounded half up (SQL over the partials `p`, refund `r`, invoice `n`): cumulative, so the parts add up. */
const share = (part: string, taken: string) => `(${part} * (p.total + r.amount) * 2 + n.total_minor) / (2 * n.total_minor) - ${taken}`;

/**
 * In the batch that opened it: the credit note of order `orderId`'s newest refund when it is a partial one
 * without one, for its amount, referring to the invoice. VAT, service and tip are the invoice's scaled by what
 * has been refunded so far, less what earlier partial credit notes took: each is in minor units and they add up.
 */
export function issuePartialCreditNote(db: OrdersDb, orderId: number, now: number): ObjectStatement {
  return db
    .prepare(
      `INSERT INTO invoices (number, kind, order_id, credits, refund_id, issued_at, currency, vat_bp, total_minor, vat_minor, service_minor, tip_minor, seller)
       SELECT ${nextNumber("credit")}, 'credit', n.order_id, n.number, r.id, ?2, n.currency, n.vat_bp, r.amount,
              ${share("n.vat_minor", "p.vat")}, ${share("n.service_minor", "p.service")}, ${share("n.tip_minor", "p.tip")}, ${SELLER_NOW}
       FROM refunds r JOIN invoices n ON n.order_id = r.order_id AND n.kind = 'invoice', ${PARTIAL_CREDITS}
       WHERE r.id = (SELECT max(id) FROM refunds) AND r.order_id = ?1 AND r.kind = 'partial' AND n.total_minor > 0
         AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.refund_id = r.id)`,
    )
    .bind(orderId, now);
}

/**
 * "Paid at the counter" (the board's tap): an order confirmed by SMS code, not cancelled, becomes paid and
 * its invoice is issued, in one transaction. True when this call marked it (a second tap finds it paid).
 */
export async function markPaidAtCounter(db: SqlStore, restaurantId: number, orderId: number, now = Date.now()): Promise<boolean> {
  const [marked] = await db.batch([
    db
      .prepare("UPDATE orders SET paid = 1 WHERE id = ? AND restaurant_id = ? AND payment = 'otp' AND paid = 0 AND status <> ? RETURNING id")
      .bind(orderId, restaurantId, ORDER_STATUS.canceled),
    issueInvoice(db, "?", [orderId], now),
  ]);
  return marked!.results.length > 0;
}

/** A document's own columns, as every reader has them (amounts in minor units). */
export interface InvoiceColumns {
  number: number;
  kind: "invoice" | "credit";
  credits: number | null;
  issued_at: number;
  currency: string;
  vat_bp: number;
  total_minor: number;
  vat_minor: number;
  service_minor: number;
  tip_minor: number;
}

/** A stored invoice or credit note, with its seller, its order's number, branch and lines. */
export interface InvoiceRow extends InvoiceColumns {
  seller: { legal_name_en?: string | null; legal_name_ar?: string | null; trn?: string | null; address?: string | null };
  order: { id: number; num_order: number; branch_id: number; table_id: number; created_at: string };
  lines: { name_en: string; name_ar: string; amount: number; unit_minor: number; options: { sub_name_en: string; sub_name_ar: string }[] }[];
  /** Its signed Phase-2 document (docs/decisions/0073): a cleared standard one before the simplified one; null for a phase-1 document. */
  phase2: { kind: "simplified" | "standard"; uuid: string; icv: number; qr: string; state: string; buyer: string | null } | null;
  /** The numbers of the order's credit notes, oldest first (a partial refund's each, a cancel's). */
  credit_notes: number[];
}

/** The document's signed Phase-2 form, as JSON (a SQL expression over invoice `n`). */
const PHASE2 = `(SELECT json_object('kind', d.kind, 'uuid', d.uuid, 'icv', d.icv, 'qr', d.qr, 'state', d.state, 'buyer', d.buyer)
  FROM zatca_documents d WHERE d.invoice_id = n.id AND d.state <> 'unsigned' AND (d.purpose = 'issue' OR (d.purpose = 'b2b' AND d.state = 'cleared'))
  ORDER BY d.purpose = 'b2b' DESC LIMIT 1)`;

const LINES = `(SELECT json_group_array(json_object('name_en', i.name_en, 'name_ar', i.name_ar, 'amount', i.amount, 'unit_minor', i.unit_minor,
  'options', json((SELECT json_group_array(json_object('sub_name_en', p.sub_name_en, 'sub_name_ar', p.sub_name_ar))
  FROM order_item_options p WHERE p.order_item_id = i.id)))) FROM (SELECT * FROM order_items WHERE order_id = o.id ORDER BY line, id) i)`;

/**
 * A document's lines (a SQL expression over invoice `n` and order `o`): a credit note for less than its invoice
 * (a partial refund, or a cancel's rest after one: docs/decisions/0083) has one line of its own amount, before
 * service and tip; every other document, its order's lines. The diner's document and ZATCA's are the same.
 */
export const DOCUMENT_LINES = `CASE WHEN n.kind = 'credit' AND n.total_minor <> (SELECT i.total_minor FROM invoices i WHERE i.order_id = n.order_id AND i.kind = 'invoice')
  THEN json_array(json_object('name_en', 'Refund', 'name_ar', 'استرداد', 'amount', 1, 'unit_minor', n.total_minor - n.tip_minor - n.service_minor, 'options', json('[]')))
  ELSE ${LINES} END`;

/**
 * The document of `kind` of order `orderId` (a credit note: number `number`, else the cancel's, else the
 * latest partial refund's), with the numbers of all the order's credit notes; null while it has none.
 */
export async function invoiceOf(
  db: SqlStore,
  _restaurantId: number,
  orderId: number,
  kind: InvoiceRow["kind"],
  number: number | null = null,
): Promise<InvoiceRow | null> {
  const row = await db
    .prepare(
      `SELECT n.number, n.kind, n.credits, n.issued_at, n.currency, n.vat_bp, n.total_minor, n.vat_minor, n.service_minor, n.tip_minor, n.seller,
              json_object('id', o.id, 'num_order', o.num_order, 'branch_id', o.branch_id, 'table_id', o.table_id, 'created_at', o.created_at) AS "order",
              ${DOCUMENT_LINES} AS lines, ${PHASE2} AS phase2,
              (SELECT json_group_array(number) FROM (SELECT number FROM invoices WHERE order_id = o.id AND kind = 'credit' ORDER BY id)) AS credit_notes
       FROM invoices n JOIN orders o ON o.id = n.order_id WHERE n.order_id = ?1 AND n.kind = ?2 AND (?3 IS NULL OR n.number = ?3)
       ORDER BY n.refund_id IS NULL DESC, n.id DESC LIMIT 1`,
    )
    .bind(orderId, kind, number)
    .first<
      Omit<InvoiceRow, "seller" | "order" | "lines" | "phase2" | "credit_notes"> & {
        seller: string;
        order: string;
        lines: string;
        phase2: string | null;
        credit_notes: string;
      }
    >();
  return (
    row && {
      ...row,
      seller: JSON.parse(row.seller),
      order: JSON.parse(row.order),
      lines: JSON.parse(row.lines),
      phase2: row.phase2 && JSON.parse(row.phase2),
      credit_notes: JSON.parse(row.credit_notes),
    }
  );
}
