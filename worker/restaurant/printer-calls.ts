// A kitchen printer's three CloudPRNT calls (worker/printing/cloudprnt.ts), run inside the restaurant's
// object (Restaurant.printerCall) so a printer's key is checked with one read and an unknown one writes
// nothing. Poll: the printer's status and its oldest waiting ticket. Job: a ticket's order, read only
// (the printer may fetch it again). Confirm: printed exactly once (a conditional write), or kept waiting.
import { PRINTER_OFFLINE_MS, PRINTER_POLL_WRITE_MS as POLL_WRITE_MS } from "../rules/printers";

/** A ticket that failed this many times is not offered again (its data is what the printer cannot take). */
const MAX_ATTEMPTS = 10;
/** A ticket not printed within this is not offered any more (a printer back the next morning prints no old orders). */
const FRESH_MS = 6 * 3_600_000;
/** Printed tickets are kept this long, then deleted as new confirmations arrive. */
const KEPT_MS = 7 * 86_400_000;

/** Who calls: the printer of the key (its id and the key's hash) and the MAC it gives. */
interface Caller {
  printerId: number;
  keyHash: string;
  mac: string | null;
}
export type PrinterCall =
  | (Caller & { kind: "poll"; status: string; now: number })
  | (Caller & { kind: "job"; token: string })
  | (Caller & { kind: "confirm"; token: string; code: string; printed: boolean; now: number });

export interface TicketOrder {
  reason: "order" | "reprint";
  num_order: number;
  name: string;
  note: string | null;
  table_id: number;
  pickup_at: number | null;
  created_at: string;
  branch: { name_en: string; name_ar: string; time_zone: string };
  items: {
    name_en: string;
    name_ar: string;
    amount: number;
    note: string | null;
    options: { name_en: string; name_ar: string; sub_name_en: string; sub_name_ar: string }[];
  }[];
}

export type PrinterAnswer =
  /** No such printer, or not this key: the caller answers 404. */
  | { found: false }
  /** A paired printer asked with another MAC (or none): 403. */
  | { found: true; mac: "other" }
  | { found: true; mac: "unpaired" }
  | { found: true; mac: "ok"; kind: "poll"; token: string | null; branchId: number; backOnline: boolean }
  | { found: true; mac: "ok"; kind: "job"; order: TicketOrder | null; branchId: number }
  | { found: true; mac: "ok"; kind: "confirm"; outcome: "printed" | "kept" | "done" | "none" };

interface PrinterRow {
  id: number;
  branch_id: number;
  mac: string | null;
  last_poll_at: number | null;
  status: string | null;
  [column: string]: SqlStorageValue;
}

/** The call answered, in one transaction of the object's storage. */
export function answerPrinter(storage: DurableObjectStorage, call: PrinterCall): PrinterAnswer {
  return storage.transactionSync(() => {
    const sql = storage.sql;
    const printer = sql
      .exec<PrinterRow>("SELECT id, branch_id, mac, last_poll_at, status FROM printers WHERE id = ? AND key_hash = ?", call.printerId, call.keyHash)
      .toArray()[0];
    if (!printer) return { found: false };
    if (call.kind === "poll" && printer.mac === null) {
      // Not paired yet: the console shows the MAC that asked, for the owner to compare with the self-test slip.
      sql.exec(
        `UPDATE printers SET last_poll_at = ?1, status = ?2, seen_mac = coalesce(?3, seen_mac)
         WHERE id = ?4 AND (last_poll_at IS NULL OR last_poll_at < ?1 - ${POLL_WRITE_MS} OR status IS NOT ?2 OR seen_mac IS NOT coalesce(?3, seen_mac))`,
        call.now,
        call.status,
        call.mac,
        printer.id,
      );
      return { found: true, mac: "unpaired" };
    }
    if (printer.mac === null) return { found: true, mac: "unpaired" };
    if (call.mac !== printer.mac) return { found: true, mac: "other" };
    if (call.kind === "poll") return poll(sql, printer, call);
    if (call.kind === "job") return { found: true, mac: "ok", kind: "job", order: ticketOrder(sql, printer.id, call.token), branchId: printer.branch_id };
    return { found: true, mac: "ok", kind: "confirm", outcome: confirm(sql, printer.id, call) };
  });
}

function poll(sql: SqlStorage, printer: PrinterRow, call: Extract<PrinterCall, { kind: "poll" }>): PrinterAnswer {
  sql.exec(
    `UPDATE printers SET last_poll_at = ?1, status = ?2 WHERE id = ?3 AND (last_poll_at IS NULL OR last_poll_at < ?1 - ${POLL_WRITE_MS} OR status IS NOT ?2)`,
    call.now,
    call.status,
    printer.id,
  );
  const job = sql
    .exec<{ token: string }>(
      `SELECT token FROM print_jobs WHERE printer_id = ? AND printed_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND created_at > ? ORDER BY id LIMIT 1`,
      printer.id,
      call.now - FRESH_MS,
    )
    .toArray()[0];
  const backOnline = printer.last_poll_at !== null && call.now - printer.last_poll_at > PRINTER_OFFLINE_MS;
  return { found: true, mac: "ok", kind: "poll", token: job?.token ?? null, branchId: printer.branch_id, backOnline };
}

/** A waiting ticket's order as the ticket prints it, or null (no such ticket, or printed). */
function ticketOrder(sql: SqlStorage, printerId: number, token: string): TicketOrder | null {
  const row = sql
    .exec<{ order: string }>(
      `SELECT json_object('reason', j.reason, 'num_order', o.num_order, 'name', o.name, 'note', o.note, 'table_id', o.table_id,
         'pickup_at', o.pickup_at, 'created_at', o.created_at,
         'branch', json_object('name_en', b.name_en, 'name_ar', b.name_ar, 'time_zone', b.time_zone),
         'items', json((SELECT json_group_array(json_object('name_en', i.name_en, 'name_ar', i.name_ar, 'amount', i.amount, 'note', i.note,
            'options', json((SELECT json_group_array(json_object('name_en', p.name_en, 'name_ar', p.name_ar, 'sub_name_en', p.sub_name_en, 'sub_name_ar', p.sub_name_ar))
               FROM order_item_options p WHERE p.order_item_id = i.id))))
            FROM (SELECT * FROM order_items WHERE order_id = o.id ORDER BY line, id) i))) AS "order"
       FROM print_jobs j JOIN orders o ON o.id = j.order_id JOIN branches b ON b.id = o.branch_id
       WHERE j.printer_id = ? AND j.token = ? AND j.printed_at IS NULL`,
      printerId,
      token,
    )
    .toArray()[0];
  return row ? (JSON.parse(row.order) as TicketOrder) : null;
}

/** A 2xx (or "OK") marks the ticket printed once; any other code keeps it waiting, counted. */
function confirm(sql: SqlStorage, printerId: number, call: Extract<PrinterCall, { kind: "confirm" }>) {
  const changed = sql
    .exec(
      `UPDATE print_jobs SET printed_at = CASE WHEN ?1 THEN ?2 END, last_code = ?3, attempts = attempts + 1
       WHERE printer_id = ?4 AND token = ?5 AND printed_at IS NULL RETURNING id`,
      call.printed ? 1 : 0,
      call.now,
      call.code,
      printerId,
      call.token,
    )
    .toArray();
  if (changed.length > 0) {
    sql.exec("DELETE FROM print_jobs WHERE printer_id = ? AND created_at < ?", printerId, call.now - KEPT_MS);
    return call.printed ? "printed" : "kept";
  }
  const known = sql.exec("SELECT 1 FROM print_jobs WHERE printer_id = ? AND token = ?", printerId, call.token).toArray();
  return known.length > 0 ? "done" : "none";
}
