// Inside the restaurant's object: one attempt at reporting a branch's next simplified document to ZATCA,
// claimed (its counter order kept: a branch's documents go one after another) and its answer recorded:
// reported, reported with warnings, or rejected with ZATCA's messages, all final; anything else (a 500, a
// timeout, no connection, a 401) retries with backoff, for as long as it takes (ZATCA wants them within 24 hours).
import { HEAD_OF_CHAIN } from "./zatca-outbox";

/** A claimed attempt: what the consumer sends (the XML as stamped, its hash and UUID). */
export interface ReportAttempt {
  id: number;
  attempt: number;
  uuid: string;
  hash: string;
  xml: string;
}

/** ZATCA's answer as the API client reads it (worker/providers/zatca-api.ts): its status and messages. */
export interface ReportOutcome {
  status: "accepted" | "warnings" | "rejected" | "error";
  httpStatus: number | null;
  messages: { type: string; code: string; message: string }[];
}

/** How long an attempt holds its document before another may claim it (a consumer that died). */
const LEASE_MS = 2 * 60_000;
/** Minutes to wait after each failed attempt; the last repeats. */
const BACKOFF_MIN = [1, 2, 5, 10, 30, 60, 120, 240, 360];
/** A message may arrive a little before the time it was delayed to. */
const EARLY_MS = 5_000;

export const retryDelayMs = (attempts: number): number => BACKOFF_MIN[Math.min(attempts, BACKOFF_MIN.length) - 1]! * 60_000;

/** The branch's next simplified document to report, when it is due, claimed for one attempt; else null. */
export function claimReport(sql: SqlStorage, branchId: number, now: number): ReportAttempt | null {
  const row = sql
    .exec<{ id: number; attempts: number; uuid: string; hash: string; xml: string }>(
      `UPDATE zatca_documents SET attempts = attempts + 1, next_at = ?2 + ${LEASE_MS}, updated_at = ?2 WHERE id = (
         SELECT d.id FROM zatca_documents d WHERE d.branch_id = ?1 AND ${HEAD_OF_CHAIN} AND d.next_at <= ?2 + ${EARLY_MS} ORDER BY d.icv LIMIT 1)
       RETURNING id, attempts, uuid, hash, xml`,
      branchId,
      now,
    )
    .toArray()[0];
  return row ? { id: row.id, attempt: row.attempts, uuid: row.uuid, hash: row.hash, xml: row.xml } : null;
}

const FINAL = { accepted: "reported", warnings: "warnings", rejected: "rejected" } as const;

/** Records attempt `attempt`'s outcome; true when the document is done (the branch's next one may follow). */
export function recordReport(sql: SqlStorage, id: number, attempt: number, outcome: ReportOutcome, now: number): boolean {
  const messages = JSON.stringify(outcome.messages.slice(0, 50).map(({ type, code, message }) => ({ type, code, message: message.slice(0, 500) })));
  if (outcome.status === "error") {
    sql.exec(
      "UPDATE zatca_documents SET messages = ?, next_at = ?, queued_at = NULL, updated_at = ? WHERE id = ? AND attempts = ? AND state = 'pending'",
      messages,
      now + retryDelayMs(attempt),
      now,
      id,
      attempt,
    );
    return false;
  }
  sql.exec(
    "UPDATE zatca_documents SET state = ?, messages = ?, next_at = NULL, queued_at = NULL, updated_at = ? WHERE id = ? AND attempts = ? AND state = 'pending'",
    FINAL[outcome.status],
    messages,
    now,
    id,
    attempt,
  );
  return true;
}
