// An order's status moved on the restaurant's own rows (./move-order.ts tells the screens and makes the
// refund's first attempt): one conditional write along the status table, in one transaction with the
// refund it opens and the credit note it issues when a paid order is cancelled, then the row as it is
// now, which explains a write that matched nothing.
import { ORDER_STATUS, sourcesOf, type OrderStatus } from "../rules/status-table";
import { issueCreditNote } from "./invoices";
import { openRefund } from "./refund-rows";
import type { OrdersDb } from "./sql-bridge";

export interface MovedRows {
  /** The order's channel and branch when this call moved it, else null. */
  moved: { public_id: string | null; branch_id: number } | null;
  /** The order as it is now (null: not this restaurant's, or no such order). */
  current: { status: number; unpaid: number } | null;
  /** Whether the cancel opened a card-paid order's refund (its first attempt follows). */
  refund: boolean;
}

/** Moves order `orderId` to `status` only from an allowed status, and never an unpaid online one. */
export async function moveOrderRows(db: OrdersDb, restaurantId: number, orderId: number, status: OrderStatus, now = Date.now()): Promise<MovedRows> {
  // A card-paid order, read before a cancel (its refund is of what its partial refunds left).
  const paid =
    status === ORDER_STATUS.canceled
      ? await db
          .prepare("SELECT 1 AS card FROM orders WHERE id = ? AND restaurant_id = ? AND payment = 'online' AND paid = 1")
          .bind(orderId, restaurantId)
          .first()
      : null;
  const [moved, current] = await db.batch<{ public_id: string | null; branch_id: number } & { status: number; unpaid: number }>([
    db
      .prepare(
        `UPDATE orders SET status = ?1 WHERE id = ?2 AND restaurant_id = ?3 AND status IN (SELECT value FROM json_each(?4))
                AND NOT (payment = 'online' AND paid = 0) RETURNING public_id, branch_id`,
      )
      .bind(status, orderId, restaurantId, JSON.stringify(sourcesOf(status))),
    db.prepare("SELECT status, payment = 'online' AND paid = 0 AS unpaid FROM orders WHERE id = ? AND restaurant_id = ?").bind(orderId, restaurantId),
    ...(paid ? [openRefund(db, orderId, restaurantId, now)] : []),
    // A paid order cancelled: the credit note of its invoice, in the same transaction (none without an invoice).
    ...(status === ORDER_STATUS.canceled ? [issueCreditNote(db, orderId, now)] : []),
  ]);
  const row = moved!.results[0] ?? null;
  return { moved: row && { public_id: row.public_id, branch_id: row.branch_id }, current: current!.results[0] ?? null, refund: paid !== null };
}
