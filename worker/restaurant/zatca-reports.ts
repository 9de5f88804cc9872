// Inside the restaurant's object: one attempt at reporting (simplified) or clearing (standard) a Phase-2
// document with ZATCA, claimed (a branch's documents go in counter order) and its answer recorded: reported,
// reported with warnings, rejected, cleared or not cleared, with ZATCA's messages, all final; anything else
// (a 500, a timeout, no connection, a 401) retries with backoff for as long as it takes (ZATCA wants them
// within 24 hours) — except a diner's B2B invoice, whose one attempt decides (the diner waits for it).
import { HEAD_OF_CHAIN } from "./zatca-outbox";

/** A claimed attempt: what the consumer sends (the XML as stamped, its hash and UUID) and to which API. */
export interface ReportAttempt {
  id: number;
  attempt: number;
  kind: "simplified" | "standard";
  uuid: string;
  hash: string;
  xml: string;
}

/** ZATCA's answer as the API client reads it (worker/providers/zatca-api.ts): its status and messages, and a cleared invoice. */
export interface ReportOutcome {
  status: "accepted" | "warnings" | "rejected" | "error";
  httpStatus: number | null;
  messages: { type: string; code: string; message: string }[];
  clearedInvoice?: string;
}

/** How long an attempt holds its document before another may claim it (a consumer that died). */
const LEASE_MS = 2 * 60_000;
/** Minutes to wait after each failed attempt; the last repeats. */
const BACKOFF_MIN = [1, 2, 5, 10, 30, 60, 120, 240, 360];
/** A message may arrive a little before the time it was delayed to. */
const EARLY_MS = 5_000;

export const retryDelayMs = (attempts: number): number => BACKOFF_MIN[Math.min(attempts, BACKOFF_MIN.length) - 1]! * 60_000;

const CLAIM = (which: string) => `UPDATE zatca_documents SET attempts = attempts + 1, next_at = ?2 + ${LEASE_MS}, updated_at = ?2 WHERE id = (${which})
  RETURNING id, attempts AS attempt, kind, uuid, hash, xml`;

/** The branch's next document to report or clear, when it is due, claimed for one attempt; else null. */
export const claimReport = (sql: SqlStorage, branchId: number, now: number): ReportAttempt | null =>
  sql
    .exec<ReportAttempt & Record<string, SqlStorageValue>>(
      CLAIM(`SELECT d.id FROM zatca_documents d WHERE d.branch_id = ?1 AND ${HEAD_OF_CHAIN} AND d.next_at <= ?2 + ${EARLY_MS} ORDER BY d.icv LIMIT 1`),
      branchId,
      now,
    )
    .toArray()[0] ?? null;

/** A diner's B2B invoice `id`, stamped and not yet sent, claimed for its one attempt at clearance; else null. */
export const claimClearance = (sql: SqlStorage, id: number, now: number): ReportAttempt | null =>
  sql
    .exec<ReportAttempt & Record<string, SqlStorageValue>>(
      CLAIM("SELECT id FROM zatca_documents WHERE id = ?1 AND purpose = 'b2b' AND state = 'pending' AND attempts = 0"),
      id,
      now,
    )
    .toArray()[0] ?? null;

/**
 * Records attempt `attempt`'s outcome; true when the document is done (the branch's next one may follow).
 * `once`: no retry (the B2B request), an error is final. A cleared invoice keeps ZATCA's XML, as the buyer gets it.
 */
export function recordReport(sql: SqlStorage, id: number, attempt: number, outcome: ReportOutcome, now: number, once = false): boolean {
  const messages = JSON.stringify(outcome.messages.slice(0, 50).map(({ type, code, message }) => ({ type, code, message: message.slice(0, 500) })));
  const row = sql.exec<{ kind: string }>("SELECT kind FROM zatca_documents WHERE id = ? AND attempts = ? AND state = 'pending'", id, attempt).toArray()[0];
  if (!row) return false;
  const standard = row.kind === "standard";
  if (outcome.status === "error" && !once) {
    sql.exec(
      "UPDATE zatca_documents SET messages = ?, next_at = ?, queued_at = NULL, updated_at = ? WHERE id = ?",
      messages,
      now + retryDelayMs(attempt),
      now,
      id,
    );
    return false;
  }
  const accepted = outcome.status === "accepted" || outcome.status === "warnings";
  const state = standard
    ? accepted
      ? "cleared"
      : "clearance_failed"
    : { accepted: "reported", warnings: "warnings", rejected: "rejected", error: "rejected" }[outcome.status];
  sql.exec(
    "UPDATE zatca_documents SET state = ?, messages = ?, xml = coalesce(?, xml), next_at = NULL, queued_at = NULL, updated_at = ? WHERE id = ?",
    state,
    messages,
    accepted && outcome.clearedInvoice ? outcome.clearedInvoice : null,
    now,
    id,
  );
  return true;
}
