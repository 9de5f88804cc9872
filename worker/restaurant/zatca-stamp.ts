// Inside the restaurant's object: the documents its invoices' trigger marked (./schema-zatca-documents.ts)
// become signed Phase-2 documents, in issue order, each with the branch's next counter (ICV) and the
// previous document's hash (PIH), and the EGS's counter and hash advance in the same synchronous
// transaction: there is no await inside it, so two payments stamped at once get consecutive counters,
// the second pointing at the first's hash, and the chain never forks (docs/decisions/0073).
import { documentXml } from "../zatca/ubl";
import { localStore } from "./local-store";
import { egsSigner } from "./zatca-egs";
import { signDocument } from "../zatca/sign";
import { phase2Input, type StampRow } from "./zatca-input";
import { DOCUMENT_LINES } from "./invoices";

/** The branch's EGS key and certificate, decrypted in memory for this stamping only. */
interface Signer {
  certificate: string;
  privateKey: Uint8Array;
}

/** The branches with documents waiting for their stamp. */
const waitingBranches = (sql: SqlStorage): number[] =>
  sql
    .exec<{ branch_id: number }>("SELECT DISTINCT branch_id FROM zatca_documents WHERE state = 'unsigned'")
    .toArray()
    .map((r) => r.branch_id);

/**
 * Stamps the branch's waiting documents in the order they were issued; call it inside transactionSync.
 * A document that cannot be built keeps waiting with its reason (the chain goes on without it). Returns
 * how many were stamped.
 */
function stampWaiting(sql: SqlStorage, branchId: number, signer: Signer, now: number): number {
  const egs = sql.exec<{ icv: number; pih: string }>("SELECT icv, pih FROM zatca_egs WHERE branch_id = ? AND state = 'active'", branchId).toArray()[0];
  if (!egs) return 0;
  let { icv, pih } = egs;
  const waiting = sql
    .exec<StampRow & { id: number }>(
      `SELECT d.id, d.kind AS subtype, d.purpose, d.buyer, n.number, n.kind, n.credits, n.issued_at, n.vat_bp, n.total_minor, n.vat_minor, n.service_minor,
              n.tip_minor, n.seller, o.payment, b.time_zone, ${DOCUMENT_LINES} AS lines,
              (SELECT reason FROM refunds WHERE id = n.refund_id) AS refund_reason
       FROM zatca_documents d JOIN invoices n ON n.id = d.invoice_id JOIN orders o ON o.id = n.order_id LEFT JOIN branches b ON b.id = o.branch_id
       WHERE d.branch_id = ? AND d.state = 'unsigned' ORDER BY d.id`,
      branchId,
    )
    .toArray();
  let stamped = 0;
  for (const row of waiting) {
    let signed;
    const uuid = crypto.randomUUID();
    try {
      signed = signDocument(documentXml(phase2Input(row, { uuid, icv: icv + 1, pih })), { ...signer, signingTime: new Date(now) });
    } catch (error) {
      const message = error instanceof RangeError ? error.message : "the document could not be built";
      sql.exec("UPDATE zatca_documents SET messages = ?, updated_at = ? WHERE id = ?", JSON.stringify([{ code: "build", message }]), now, row.id);
      continue;
    }
    icv += 1;
    sql.exec(
      `UPDATE zatca_documents SET uuid = ?, icv = ?, pih = ?, hash = ?, xml = ?, qr = ?, state = 'pending', messages = NULL, next_at = ?, updated_at = ?
       WHERE id = ?`,
      uuid,
      icv,
      pih,
      signed.hash,
      signed.xml,
      signed.qr,
      now,
      now,
      row.id,
    );
    pih = signed.hash;
    stamped++;
  }
  if (stamped) sql.exec("UPDATE zatca_egs SET icv = ?, pih = ?, updated_at = ? WHERE branch_id = ?", icv, pih, now, branchId);
  return stamped;
}

/**
 * Stamps every marked document with its branch's EGS, the key opened in memory (egsSigner): one synchronous
 * transaction per branch takes the counters and the chain. A branch whose key cannot be opened keeps its
 * documents waiting (the next write or the alarm tries again); nothing of the key is logged.
 */
export async function stampMarked(storage: DurableObjectStorage, env: Env, restaurantId: number): Promise<void> {
  for (const branchId of waitingBranches(storage.sql)) {
    try {
      const signer = await egsSigner(env, restaurantId, branchId, localStore(storage).store);
      if (signer) storage.transactionSync(() => stampWaiting(storage.sql, branchId, signer, Date.now()));
    } catch (error) {
      console.error(JSON.stringify({ event: "zatca.stamp_failed", branch: branchId, error: error instanceof Error ? error.name : "error" }));
    }
  }
}
