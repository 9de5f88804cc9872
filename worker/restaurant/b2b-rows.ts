// A diner's request for a standard (B2B) tax invoice of a paid order (docs/decisions/0073): a new Phase-2
// document for the same sale, with the buyer's company name, VAT number and address, marked to be stamped
// (the object signs it with the branch's next counter) and then cleared by ZATCA before the diner sees it.
// Only for an order whose invoice is a Phase-2 simplified one, not cancelled, at a branch whose EGS issues
// standard documents; one at a time (a request ZATCA did not clear may be made again).
import type { ZatcaAddress } from "../zatca/document";
import type { OrdersDb } from "./sql-bridge";
import { recordReport, type ReportOutcome } from "./zatca-reports";

/** The buyer as the standard invoice names them. */
export interface Buyer {
  name: string;
  vatNumber: string;
  address: ZatcaAddress;
}

export type B2bRequest =
  { ok: true; id: number; branchId: number } | { ok: false; problem: "notFound" | "notPhase2" | "notStandard" | "cancelled" | "already" };

/** Marks order `orderId`'s B2B invoice to be stamped (the object stamps it before this call answers). */
export async function requestB2b(db: OrdersDb, _restaurantId: number, orderId: number, buyer: Buyer, now: number): Promise<B2bRequest> {
  const found = await db
    .prepare(
      `SELECT n.id, o.branch_id, d.kind, d.state, e.invoice_types, e.state AS egs,
              EXISTS (SELECT 1 FROM invoices c WHERE c.order_id = n.order_id AND c.kind = 'credit' AND c.refund_id IS NULL) AS cancelled,
              EXISTS (SELECT 1 FROM zatca_documents b WHERE b.invoice_id = n.id AND b.purpose = 'b2b' AND b.state <> 'clearance_failed') AS asked
       FROM invoices n JOIN orders o ON o.id = n.order_id
       LEFT JOIN zatca_documents d ON d.invoice_id = n.id AND d.purpose = 'issue' LEFT JOIN zatca_egs e ON e.branch_id = o.branch_id
       WHERE n.order_id = ? AND n.kind = 'invoice'`,
    )
    .bind(orderId)
    .first<{
      id: number;
      branch_id: number;
      kind: string | null;
      state: string | null;
      invoice_types: string | null;
      egs: string | null;
      cancelled: number;
      asked: number;
    }>();
  if (!found) return { ok: false, problem: "notFound" };
  if (found.kind !== "simplified" || found.state === "unsigned") return { ok: false, problem: "notPhase2" };
  if (found.egs !== "active" || !found.invoice_types?.startsWith("1")) return { ok: false, problem: "notStandard" };
  if (found.cancelled) return { ok: false, problem: "cancelled" };
  if (found.asked) return { ok: false, problem: "already" };
  const inserted = await db
    .prepare(
      `INSERT INTO zatca_documents (invoice_id, branch_id, kind, purpose, buyer, created_at, updated_at) VALUES (?, ?, 'standard', 'b2b', ?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(found.id, found.branch_id, JSON.stringify(buyer), now, now)
    .first<{ id: number }>();
  return inserted ? { ok: true, id: inserted.id, branchId: found.branch_id } : { ok: false, problem: "already" };
}

/** Once ZATCA cleared the B2B invoice `id`: the credit note voiding the simplified one, marked to be stamped and reported. */
const voidReplaced = (sql: SqlStorage, id: number, now: number): void => {
  sql.exec(
    `INSERT INTO zatca_documents (invoice_id, branch_id, kind, purpose, created_at, updated_at)
     SELECT invoice_id, branch_id, 'simplified', 'void', ?2, ?2 FROM zatca_documents WHERE id = ?1 AND purpose = 'b2b' AND state = 'cleared'
     ON CONFLICT DO NOTHING`,
    id,
    now,
  );
};

/** A B2B invoice that could not be signed (no usable key): not cleared, with why; the diner may ask again. */
const failUnsigned = (sql: SqlStorage, id: number, outcome: ReportOutcome, now: number): void => {
  sql.exec(
    "UPDATE zatca_documents SET state = 'clearance_failed', messages = ?, updated_at = ? WHERE id = ? AND purpose = 'b2b' AND state = 'unsigned'",
    JSON.stringify(outcome.messages.slice(0, 50)),
    now,
    id,
  );
};

/** ZATCA's answer to the B2B invoice's one attempt (null: it was never signed), final; cleared, the simplified one is voided. Call inside transactionSync. */
export function recordClearance(sql: SqlStorage, id: number, attempt: number | null, outcome: ReportOutcome, now: number): void {
  if (attempt === null) failUnsigned(sql, id, outcome, now);
  else recordReport(sql, id, attempt, outcome, now, true);
  voidReplaced(sql, id, now);
}
