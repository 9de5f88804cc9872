// The restaurant's tax documents of one period, on the object's rows, for the console's tax screen
// and the accountant's CSV (worker/console/invoice-list.ts): each series in number order (invoices,
// then credit notes: docs/decisions/0060), with its order's number, the seller's VAT number and its Phase-2
// document's state with ZATCA's messages (docs/decisions/0073).
import type { InvoiceColumns } from "./invoices";
import type { SqlStore } from "./sql-bridge";

/** A Phase-2 document's state with ZATCA's messages (docs/decisions/0073), as the list and the CSV show it. */
interface Phase2State {
  id: number;
  kind: "simplified" | "standard";
  state: "unsigned" | "pending" | "reported" | "warnings" | "rejected" | "cleared" | "clearance_failed";
  messages: { type: string; code: string; message: string }[];
}

/** A document with its order's number; a credit note's amounts are positive here, and subtracted in the totals. */
export interface ListedInvoice extends InvoiceColumns {
  num_order: number;
  /** The seller's VAT number when issued (a document without one is a receipt: worker/rules/tax-document.ts). */
  trn: string | null;
  /** Its Phase-2 document (a cleared standard one before the simplified one), or null: phase 1. */
  phase2: Phase2State | null;
}

/** The document's Phase-2 state (a SQL expression over invoice `n`, JSON). */
const PHASE2 = `(SELECT json_object('id', d.id, 'kind', d.kind, 'state', d.state, 'messages', json(coalesce(d.messages, '[]')))
  FROM zatca_documents d WHERE d.invoice_id = n.id AND (d.purpose = 'issue' OR (d.purpose = 'b2b' AND d.state = 'cleared')) ORDER BY d.purpose = 'b2b' DESC LIMIT 1)`;

/** The documents issued from `from` to before `to` (unix ms), at most `limit`. */
export async function documentsBetween(db: SqlStore, _restaurantId: number, from: number, to: number, limit: number): Promise<ListedInvoice[]> {
  const { results } = await db
    .prepare(
      `SELECT n.number, n.kind, n.credits, n.issued_at, o.num_order, n.currency, n.vat_bp, n.total_minor, n.vat_minor, n.service_minor, n.tip_minor,
              json_extract(n.seller, '$.trn') AS trn, ${PHASE2} AS phase2
       FROM invoices n JOIN orders o ON o.id = n.order_id WHERE n.issued_at >= ? AND n.issued_at < ? ORDER BY n.kind = 'credit', n.number LIMIT ?`,
    )
    .bind(from, to, limit)
    .all<Omit<ListedInvoice, "phase2"> & { phase2: string | null }>();
  return results.map((r) => ({ ...r, phase2: r.phase2 === null ? null : (JSON.parse(r.phase2) as Phase2State) }));
}

/** A signed Phase-2 document: its XML, its invoice row's number and kind, and which of the sale's documents it is. */
interface SignedXml {
  id: number;
  xml: string;
  subtype: "simplified" | "standard";
  purpose: "issue" | "b2b" | "void";
  number: number;
  kind: "invoice" | "credit";
}
const SIGNED_XML = `SELECT d.id, d.xml, d.kind AS subtype, d.purpose, n.number, n.kind FROM zatca_documents d JOIN invoices n ON n.id = d.invoice_id`;

/** A Phase-2 document's signed XML, or null (none such in this restaurant). */
export const phase2Xml = (db: SqlStore, _restaurantId: number, id: number) =>
  db.prepare(`${SIGNED_XML} WHERE d.id = ? AND d.xml IS NOT NULL`).bind(id).first<SignedXml>();

/**
 * The signed documents of the invoices issued from `from` to before `to` (the month's export), by id after
 * `afterId`, at most `limit` (a page: the object's answer stays small). A B2B invoice ZATCA did not clear
 * is left out: it was never the buyer's, the simplified invoice stood (docs/decisions/0073).
 */
export async function phase2XmlsBetween(db: SqlStore, _restaurantId: number, from: number, to: number, afterId: number, limit: number) {
  const { results } = await db
    .prepare(
      `${SIGNED_XML} WHERE n.issued_at >= ? AND n.issued_at < ? AND d.id > ? AND d.xml IS NOT NULL AND d.state <> 'clearance_failed'
       ORDER BY d.id LIMIT ?`,
    )
    .bind(from, to, afterId, limit)
    .all<SignedXml>();
  return results;
}

/**
 * Documents ZATCA refused (rejected, or a B2B invoice not cleared), ones still not reported or cleared after 24
 * hours, and whether a registered seller still lacks the CRN and national address its documents name.
 */
export const phase2Problems = (db: SqlStore, _restaurantId: number, now: number) =>
  db
    .prepare(
      `SELECT coalesce(sum(state = 'rejected'), 0) AS rejected, coalesce(sum(state = 'clearance_failed'), 0) AS not_cleared,
              coalesce(sum(state IN ('unsigned', 'pending') AND purpose <> 'b2b' AND created_at < ?), 0) AS late,
              (EXISTS (SELECT 1 FROM zatca_egs WHERE state = 'active')
                AND NOT EXISTS (SELECT 1 FROM seller WHERE crn IS NOT NULL AND national_address IS NOT NULL)) AS no_address
       FROM zatca_documents`,
    )
    .bind(now - 86_400_000)
    .first<{ rejected: number; not_cleared: number; late: number; no_address: number }>();
