// A branch's kitchen printers as the console manages them (docs/decisions/0057): add one (its key's hash only),
// give it a new URL, pair the MAC that asked, remove it; the board's reprint and its offline notice.
// Each write is one conditional statement, so a burst of taps makes one change: the branch's printers
// are bounded inside the INSERT, a pairing takes only the MAC the owner was shown, a reprint waits once.
// Operations the console calls by name (./calls-console.ts).
import { MAX_WAITING_JOBS } from "./schema-printing";
import type { SqlStore } from "./sql-bridge";

/** Printers a branch may have (a kitchen, a bar, a pass: a few). */
export const MAX_PRINTERS = 4;

export interface ConsolePrinter {
  id: number;
  name: string;
  /** The paired MAC, null until the owner pairs the one that asked (`seen_mac`). */
  mac: string | null;
  seen_mac: string | null;
  last_poll_at: number | null;
  /** The printer's last status code ("200 OK", "410 Out of paper"). */
  status: string | null;
  /** Tickets it has not printed yet. */
  waiting: number;
}

/** The branch's printers, oldest first. */
export const branchPrinters = async (db: SqlStore, _restaurantId: number, branchId: number): Promise<ConsolePrinter[]> =>
  (
    await db
      .prepare(
        `SELECT p.id, p.name, p.mac, p.seen_mac, p.last_poll_at, p.status,
           (SELECT count(*) FROM print_jobs j WHERE j.printer_id = p.id AND j.printed_at IS NULL) AS waiting
         FROM printers p WHERE p.branch_id = ? ORDER BY p.id LIMIT ${MAX_PRINTERS * 2}`,
      )
      .bind(branchId)
      .all<ConsolePrinter>()
  ).results;

/** The branch's paired printers as the board watches them (offline when they stop polling). */
export const boardPrinters = async (db: SqlStore, _restaurantId: number, branchId: number, printerId: number | null = null) =>
  (
    await db
      .prepare(
        `SELECT id, name, last_poll_at FROM printers WHERE branch_id = ?1 AND mac IS NOT NULL AND (?2 IS NULL OR id = ?2) ORDER BY id LIMIT ${MAX_PRINTERS * 2}`,
      )
      .bind(branchId, printerId)
      .all<{ id: number; name: string; last_poll_at: number | null }>()
  ).results;

/** A new printer of the branch with the key's hash, or null when the branch has MAX_PRINTERS already. */
export async function addPrinter(
  db: SqlStore,
  _restaurantId: number,
  branchId: number,
  name: string,
  keyHash: string,
  now = Date.now(),
): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO printers (branch_id, name, key_hash, created_at) SELECT ?1, ?2, ?3, ?4
       WHERE (SELECT count(*) FROM printers WHERE branch_id = ?1) < ${MAX_PRINTERS} RETURNING id`,
    )
    .bind(branchId, name, keyHash, now)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** A new key for the printer (its old URL stops working at once): its name, or null when it is not the branch's. */
export const renewPrinterKey = async (db: SqlStore, _restaurantId: number, branchId: number, printerId: number, keyHash: string) =>
  await db
    .prepare("UPDATE printers SET key_hash = ? WHERE id = ? AND branch_id = ? RETURNING name")
    .bind(keyHash, printerId, branchId)
    .first<{ name: string }>();

/**
 * Pairs the printer with `mac`, the MAC that asked and the owner was shown: "paired", "changed" when
 * another MAC asked since (or it is paired already), "notFound" when it is not the branch's.
 */
export async function pairPrinter(
  db: SqlStore,
  _restaurantId: number,
  branchId: number,
  printerId: number,
  mac: string,
): Promise<"paired" | "changed" | "notFound"> {
  const [paired, found] = await db.batch([
    db
      .prepare("UPDATE printers SET mac = seen_mac WHERE id = ? AND branch_id = ? AND mac IS NULL AND seen_mac = ? RETURNING id")
      .bind(printerId, branchId, mac),
    db.prepare("SELECT id FROM printers WHERE id = ? AND branch_id = ?").bind(printerId, branchId),
  ]);
  return paired!.results.length ? "paired" : found!.results.length ? "changed" : "notFound";
}

/** Removes the printer and its tickets; false when it is not the branch's. */
export const removePrinter = async (db: SqlStore, _restaurantId: number, branchId: number, printerId: number) =>
  (await db.prepare("DELETE FROM printers WHERE id = ? AND branch_id = ?").bind(printerId, branchId).run()).meta.changes > 0;

/**
 * A ticket again for each paired printer of an accepted order's branch (`statuses`: in process or ready),
 * unless one is already waiting there: how many were queued, and how many printers there are.
 */
export async function reprintOrder(db: SqlStore, _restaurantId: number, orderId: number, statuses: readonly number[], now = Date.now()) {
  const [queued, printers] = await db.batch<{ id: number } & { printers: number }>([
    db
      .prepare(
        `INSERT INTO print_jobs (printer_id, order_id, reason, token, created_at)
         SELECT p.id, o.id, 'reprint', lower(hex(randomblob(16))), ?3 FROM orders o JOIN printers p ON p.branch_id = o.branch_id AND p.mac IS NOT NULL
         WHERE o.id = ?1 AND o.status IN (SELECT value FROM json_each(?2))
           AND NOT EXISTS (SELECT 1 FROM print_jobs w WHERE w.printer_id = p.id AND w.order_id = o.id AND w.printed_at IS NULL)
           AND (SELECT count(*) FROM print_jobs w WHERE w.printer_id = p.id AND w.printed_at IS NULL) < ${MAX_WAITING_JOBS}
         RETURNING id`,
      )
      .bind(orderId, JSON.stringify(statuses), now),
    db.prepare("SELECT count(*) AS printers FROM printers p JOIN orders o ON o.branch_id = p.branch_id WHERE o.id = ? AND p.mac IS NOT NULL").bind(orderId),
  ]);
  return { queued: queued!.results.length, printers: printers!.results[0]?.printers ?? 0 };
}
