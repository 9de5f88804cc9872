// The board's rows kept current by its branch's events (docs/decisions/0084): each event carries its
// change's sequence number and the changed row (an order, a call from a table, a printer) as the board
// lists it. The next number applies in place; an older one is already in; a gap, a row left out for its
// size, or an event that does not parse makes the board read everything again (so does a reconnect).
import * as v from "valibot";
import type { ConsoleOrder, ServiceCall } from "~/lib/console-types";

type BoardPrinter = { id: number; name: string; last_poll_at: number | null };
export interface BoardRows {
  seq: number;
  orders: readonly ConsoleOrder[];
  calls: readonly ServiceCall[];
  printers: readonly BoardPrinter[];
}

/** The board lists this many orders at most (worker/restaurant/board-rows.ts BOARD_ORDERS). */
const MOST_ORDERS = 200;
const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Row = v.nullable(v.looseObject({}));
/** An event's data, as the worker sends it (worker/restaurant/board-events.ts); the rows are the board's own loader's. */
const BoardEvent = v.object({
  seq: Id,
  branch_id: Id,
  order_id: v.optional(Id),
  call: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/))),
  printer: v.optional(Id),
  row: v.optional(Row),
  big: v.optional(v.literal(true)),
});

/** The rows after one event of branch `branchId`: new rows, "old" (nothing to do) or "reload". */
export function applyBoardEvent(rows: BoardRows, branchId: number, data: unknown): BoardRows | "old" | "reload" {
  const parsed = v.safeParse(BoardEvent, data);
  if (!parsed.success) return "reload";
  const { seq, branch_id, order_id, call, printer, row, big } = parsed.output;
  if (branch_id !== branchId || seq <= rows.seq) return "old";
  if (seq > rows.seq + 1 || big || row === undefined) return "reload";
  if (order_id !== undefined) {
    const orders = rows.orders.filter((o) => o.id !== order_id);
    if (row) orders.push(row as unknown as ConsoleOrder);
    return { ...rows, seq, orders: orders.sort((a, b) => b.id - a.id).slice(0, MOST_ORDERS) };
  }
  if (call !== undefined) {
    const calls = rows.calls.filter((c) => c.public_id !== call);
    if (row) calls.push(row as unknown as ServiceCall);
    return { ...rows, seq, calls: calls.sort((a, b) => a.created_at - b.created_at) };
  }
  if (printer !== undefined) {
    const printers = rows.printers.filter((p) => p.id !== printer);
    if (row) printers.push(row as unknown as BoardPrinter);
    return { ...rows, seq, printers: printers.sort((a, b) => a.id - b.id) };
  }
  return "reload";
}

/** A fresh read's rows with the events heard meanwhile that follow it applied (up to the first gap). */
export function replayBoardEvents(loaded: BoardRows, branchId: number, heard: readonly unknown[]): BoardRows {
  let rows = loaded;
  const seqOf = (data: unknown) => (v.is(v.object({ seq: v.number() }), data) ? data.seq : 0);
  for (const data of [...heard].sort((a, b) => seqOf(a) - seqOf(b))) {
    const next = applyBoardEvent(rows, branchId, data);
    if (next === "reload") break;
    if (next !== "old") rows = next;
  }
  return rows;
}
