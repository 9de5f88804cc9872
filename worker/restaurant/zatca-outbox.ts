// Inside the restaurant's object: hands each branch whose oldest document waits to be reported (or cleared)
// to the ZATCA queue (wrangler.toml), after the write that stamped it or the attempt that scheduled its
// retry, with the delay its backoff asks. The consumer (worker/einvoices/report.ts) reports the branch's
// documents in counter order. A message lost on the way is sent again by the object's alarm once it is
// STALE_MS late; a duplicate is harmless (one claim wins each attempt).

/** A queued branch nobody has tried this long after it was due is queued again. */
export const STALE_MS = 10 * 60_000;
/** The queue holds a message at most 12 hours. */
const MAX_DELAY_S = 43_200;

/** The queue's message: the restaurant's object (its id as a string) and the branch whose documents to report. */
export interface ReportMessage {
  object: string;
  branch: number;
}

/**
 * The first document of each branch still to report (simplified) or clear (standard: a cancel's credit note
 * of a B2B sale), no earlier one of its branch waiting. A diner's B2B invoice is cleared by its request, not here.
 */
export const HEAD_OF_CHAIN = `d.purpose <> 'b2b' AND d.state = 'pending' AND NOT EXISTS (SELECT 1 FROM zatca_documents p
  WHERE p.branch_id = d.branch_id AND p.purpose <> 'b2b' AND p.state = 'pending' AND p.icv < d.icv)`;

/** Marks the due branches queued and sends them; true while any document waits to be reported. */
export async function queueReports(sql: SqlStorage, queue: Queue<ReportMessage>, object: string, now = Date.now()): Promise<boolean> {
  const rows = sql
    .exec<{ branch_id: number; next_at: number }>(
      `UPDATE zatca_documents SET queued_at = ?1 WHERE id IN (
         SELECT d.id FROM zatca_documents d WHERE ${HEAD_OF_CHAIN}
           AND (d.queued_at IS NULL OR (d.queued_at < ?1 - ${STALE_MS} AND d.next_at < ?1 - ${STALE_MS})) LIMIT 100)
       RETURNING branch_id, next_at`,
      now,
    )
    .toArray();
  if (rows.length) {
    try {
      await queue.sendBatch(
        rows.map((row) => ({
          body: { object, branch: row.branch_id },
          delaySeconds: Math.min(MAX_DELAY_S, Math.max(0, Math.ceil((row.next_at - now) / 1000))),
        })),
      );
    } catch (error) {
      // Not queued after all: the next write or the alarm tries again.
      console.error("zatca: queueing the reports failed", error instanceof Error ? error.name : "error");
      sql.exec(`UPDATE zatca_documents SET queued_at = NULL WHERE state = 'pending' AND queued_at = ?`, now);
    }
  }
  return sql.exec("SELECT 1 FROM zatca_documents WHERE state IN ('pending', 'unsigned') AND purpose <> 'b2b' LIMIT 1").toArray().length > 0;
}
