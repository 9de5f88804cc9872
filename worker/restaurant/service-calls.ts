// A diner's call from a table (docs/decisions/0055): "Call waiter" or "Bring the bill" (paid by card or at the
// counter), kept in the restaurant's object next to its branches. One open call per table and kind is
// the unique index itself (a burst of taps finds the first), and a table's calls an hour are bounded by
// the same INSERT (a conditional write, never read-then-write). A tap on the board acknowledges it once.
// Operations the API and the console call by name (./calls-diner.ts, ./calls-console.ts).
import { randomHex } from "../rules/secrets";
import { isTableNumber, lastTable, MAX_TABLE } from "../rules/table-number";
import type { SqlStore } from "./sql-bridge";

export type CallKind = "waiter" | "bill";
export type CallPay = "card" | "counter";

/** A table's calls in an hour, acknowledged ones included: more is a loop, not a diner. */
export const CALLS_PER_TABLE_HOUR = 12;
/** How long a diner's screen still shows an acknowledged call ("A waiter is on the way"). */
const SHOWN_AFTER_ACK_MS = 15 * 60_000;
/** Calls older than this are deleted as new ones arrive (nothing reads them). */
const KEPT_MS = 2 * 86_400_000;
const HOUR_MS = 3_600_000;

export interface ServiceCall {
  public_id: string;
  table_id: number;
  kind: CallKind;
  pay: CallPay | null;
  created_at: number;
  acknowledged_at: number | null;
}
const COLUMNS = "public_id, table_id, kind, pay, created_at, acknowledged_at";

/** A table above the branch's number of tables, with the branch's last table (for the refusal's words). */
type NoTable = { ok: false; problem: "noTable"; lastTable: number };
export type CallOutcome = { ok: true; created: boolean; call: ServiceCall } | { ok: false; problem: "noBranch" | "off" | "tooMany" } | NoTable;

/**
 * A call from table `tableId` of branch `branchId`: created, or the open one of its kind found; refused
 * when the branch takes no calls, has no such table (above its number of tables, the INSERT's own
 * condition) or the table made CALLS_PER_TABLE_HOUR this hour. One transaction.
 */
export async function callService(
  db: SqlStore,
  _restaurantId: number,
  call: { branchId: number; tableId: number; kind: CallKind; pay: CallPay | null },
  now = Date.now(),
): Promise<CallOutcome> {
  const { branchId, tableId, kind } = call;
  const pay = kind === "bill" ? call.pay : null;
  const [branch, inserted, open] = await db.batch<{ service_calls: number; tables: number | null } & ServiceCall>([
    db.prepare("SELECT service_calls, tables FROM branches WHERE id = ?").bind(branchId),
    db
      .prepare(
        `INSERT INTO service_calls (public_id, branch_id, table_id, kind, pay, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT service_calls FROM branches WHERE id = ?2) = 1
           AND ?3 <= (SELECT coalesce(tables, ${MAX_TABLE}) FROM branches WHERE id = ?2)
           AND (SELECT count(*) FROM service_calls WHERE branch_id = ?2 AND table_id = ?3 AND created_at > ?6 - ${HOUR_MS}) < ${CALLS_PER_TABLE_HOUR}
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      )
      .bind(randomHex(16), branchId, tableId, kind, pay, now),
    db
      .prepare(`SELECT ${COLUMNS} FROM service_calls WHERE branch_id = ? AND table_id = ? AND kind = ? AND acknowledged_at IS NULL`)
      .bind(branchId, tableId, kind),
    db.prepare("DELETE FROM service_calls WHERE created_at < ?").bind(now - KEPT_MS),
  ]);
  const switched = branch!.results[0];
  if (!switched) return { ok: false, problem: "noBranch" };
  if (!switched.service_calls) return { ok: false, problem: "off" };
  if (!isTableNumber(tableId, switched.tables)) return { ok: false, problem: "noTable", lastTable: lastTable(switched.tables) };
  const created = inserted!.results[0];
  if (created) return { ok: true, created: true, call: created };
  const existing = open!.results[0];
  return existing ? { ok: true, created: false, call: existing } : { ok: false, problem: "tooMany" };
}

/**
 * Acknowledges an open call of one of `branchIds` (the board's tap; the member's branches): the call,
 * `done` when it was acknowledged already (by another tap), `notFound` when it is not one of theirs.
 * The UPDATE is the claim: of concurrent taps only one gets the call back.
 */
export async function acknowledgeCall(
  db: SqlStore,
  _restaurantId: number,
  branchIds: readonly number[],
  publicId: string,
  now = Date.now(),
): Promise<{ ok: true; call: ServiceCall & { branch_id: number } } | { ok: false; problem: "done" | "notFound" }> {
  const branches = JSON.stringify(branchIds);
  const [updated, found] = await db.batch<ServiceCall & { branch_id: number }>([
    db
      .prepare(
        `UPDATE service_calls SET acknowledged_at = ?1 WHERE public_id = ?2 AND acknowledged_at IS NULL
         AND branch_id IN (SELECT value FROM json_each(?3)) RETURNING ${COLUMNS}, branch_id`,
      )
      .bind(now, publicId, branches),
    db.prepare("SELECT branch_id FROM service_calls WHERE public_id = ?1 AND branch_id IN (SELECT value FROM json_each(?2))").bind(publicId, branches),
  ]);
  const call = updated!.results[0];
  if (call) return { ok: true, call };
  return { ok: false, problem: found!.results.length ? "done" : "notFound" };
}

/** A branch's open calls, oldest first (the board). */
export const openCalls = async (db: SqlStore, _restaurantId: number, branchId: number): Promise<ServiceCall[]> =>
  (
    await db
      .prepare(`SELECT ${COLUMNS} FROM service_calls WHERE branch_id = ? AND acknowledged_at IS NULL ORDER BY created_at, id LIMIT 100`)
      .bind(branchId)
      .all<ServiceCall>()
  ).results;

/** One call of the branch while it is open (the board's live feed), else null. */
export const openCall = (db: SqlStore, branchId: number, publicId: string) =>
  db
    .prepare(`SELECT ${COLUMNS} FROM service_calls WHERE branch_id = ? AND public_id = ? AND acknowledged_at IS NULL`)
    .bind(branchId, publicId)
    .first<ServiceCall>();

/**
 * A table's calls a diner still sees: open ones, and each kind's acknowledged in the last SHOWN_AFTER_ACK_MS;
 * refused when the branch has no such table (above its number of tables).
 */
export async function tableCalls(
  db: SqlStore,
  _restaurantId: number,
  branchId: number,
  tableId: number,
  now = Date.now(),
): Promise<{ ok: true; calls: ServiceCall[] } | NoTable> {
  const [branch, calls] = await db.batch<{ tables: number | null } & ServiceCall>([
    db.prepare("SELECT tables FROM branches WHERE id = ?").bind(branchId),
    db
      .prepare(
        `SELECT ${COLUMNS} FROM service_calls WHERE branch_id = ?1 AND table_id = ?2 AND (acknowledged_at IS NULL OR acknowledged_at > ?3)
         ORDER BY created_at DESC, id DESC LIMIT 10`,
      )
      .bind(branchId, tableId, now - SHOWN_AFTER_ACK_MS),
  ]);
  const found = branch!.results[0];
  if (found && !isTableNumber(tableId, found.tables)) return { ok: false, problem: "noTable", lastTable: lastTable(found.tables) };
  return { ok: true, calls: calls!.results };
}
