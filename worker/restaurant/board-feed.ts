// A branch's board, live without rereading (docs/decisions/0084): every change the board shows (an order
// placed, paid or moved, a call from a table made or answered, a printer back) takes the branch's next
// sequence number here, with the changed row as the board lists it, in one call on the object (nothing
// interleaves). The board's full read carries the number it is current to: an event one above applies in
// place, a gap makes the board read again. Operations the console and the API call by name (./calls-console.ts).
import { branchZone } from "../rules/local-time";
import { boardOrders, type ConsoleOrder } from "./board-rows";
import { boardPrinters } from "./printers";
import { openCall, openCalls, type ServiceCall } from "./service-calls";
import type { SqlStore } from "./sql-bridge";

/** What changed on a branch's board: an order, a call (its public id), a printer. */
export type BoardChange = { order: number } | { call: string } | { printer: number };
type BoardPrinter = Awaited<ReturnType<typeof boardPrinters>>[number];

/** The changed row as the board lists it; null: no longer on the board (a call answered, an order of another day). */
export type BoardItem = { seq: number } & (
  { order_id: number; row: ConsoleOrder | null } | { call: string; row: ServiceCall | null } | { printer: number; row: BoardPrinter | null }
);

const currentSeq = async (db: SqlStore, branchId: number) =>
  (await db.prepare("SELECT seq FROM board_sequence WHERE branch_id = ?").bind(branchId).first<{ seq: number }>())?.seq ?? 0;

/** Everything a branch's board shows, and the sequence number it is current to. */
export async function boardView(db: SqlStore, restaurantId: number, branchId: number, timeZone: string, now: number) {
  const [seq, orders, calls, printers] = await Promise.all([
    currentSeq(db, branchId),
    boardOrders(db, restaurantId, [branchId], timeZone, now, null),
    openCalls(db, restaurantId, branchId),
    boardPrinters(db, restaurantId, branchId),
  ]);
  return { seq, orders, calls, printers };
}

/** Numbers one change of branch `branchId`'s board and reads its row as the board shows it now; null: no such branch. */
export async function boardChange(db: SqlStore, restaurantId: number, branchId: number, change: BoardChange, now: number): Promise<BoardItem | null> {
  const branch = await db
    .prepare("SELECT time_zone FROM branches WHERE id = ? AND restaurant_id = ?")
    .bind(branchId, restaurantId)
    .first<{ time_zone: string }>();
  if (!branch) return null;
  const { seq } = (await db
    .prepare("INSERT INTO board_sequence (branch_id, seq) VALUES (?, 1) ON CONFLICT (branch_id) DO UPDATE SET seq = seq + 1 RETURNING seq")
    .bind(branchId)
    .first<{ seq: number }>())!;
  if ("order" in change) {
    const [row] = await boardOrders(db, restaurantId, [branchId], branchZone(branch.time_zone), now, change.order);
    return { seq, order_id: change.order, row: row ?? null };
  }
  if ("call" in change) return { seq, call: change.call, row: await openCall(db, branchId, change.call) };
  const [row] = await boardPrinters(db, restaurantId, branchId, change.printer);
  return { seq, printer: change.printer, row: row ?? null };
}
