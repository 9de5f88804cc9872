// What a diner's token may read of the restaurant's orders, on its object's rows: an order is the
// token's when it is the token's phone's, visible to diners (./orders.ts TOKENS_ORDERS) and, for an
// order-scoped token (a paid payment's), that one order.
import { TOKENS_ORDERS } from "./orders";
import type { SqlStore } from "./sql-bridge";

/** Whether order `id` is one the token (its phone, its one order or null) may read. */
export async function dinerOwnsOrder(db: SqlStore, restaurantId: number, token: { phone: string; orderId: number | null }, id: number): Promise<boolean> {
  const mine = await db.prepare(`SELECT id FROM orders WHERE id = ?4 AND ${TOKENS_ORDERS}`).bind(restaurantId, token.phone, token.orderId, id).first();
  return mine !== null;
}
