// The restaurant's side of an order (POST /api/orderStatus): a restaurant names itself and proves
// it with one of its own keys, and moves only its own orders, only along the status table.
import type { Context } from "hono";
import * as v from "valibot";
import { ORDER_STATUS_EVENT, orderChannel } from "../../realtime/channels";
import { publish } from "../../realtime/publish";
import { timingSafeEqualHex } from "../../realtime/signature";
import { Domain, IdField, readInput } from "../input";
import { ok, unauthenticated } from "../respond";
import { sha256 } from "./secrets";
import { ORDER_STATUSES, sourcesOf } from "./status-table";

const StatusBody = v.object({
  domain: Domain,
  order_id: IdField,
  status: v.pipe(v.union([v.number("in"), v.pipe(v.string("in"), v.digits("in"))], "in"), v.transform(Number), v.picklist(ORDER_STATUSES, "in")),
});
/** `X-Restaurant-Key`: issued by scripts/restaurant-key.ts; only its sha256 is stored (restaurant_keys). */
const RestaurantKey = v.pipe(v.string(), v.minLength(1), v.maxLength(200));


/**
 * The id of the restaurant `domain` when `key` is one of its keys, else null: an unknown restaurant
 * and a wrong key look alike. Every hash of the restaurant is compared, timing-safely.
 */
async function keyOwner(db: D1Database, domain: string, key: string): Promise<number | null> {
  const hash = await sha256(key);
  const { results } = await db
    .prepare("SELECT k.restaurant_id, k.key_hash FROM restaurant_keys k JOIN restaurants r ON r.id = k.restaurant_id WHERE r.domain = ?")
    .bind(domain)
    .all<{ restaurant_id: number; key_hash: string }>();
  let owner: number | null = null;
  for (const row of results) if (timingSafeEqualHex(row.key_hash, hash)) owner = row.restaurant_id;
  return owner;
}

/**
 * Tells the diner's open orders screen at once. Best effort: the status is already stored and the
 * screen catches up on its next load or reconnect, so a realtime failure must not fail the call.
 */
async function publishStatus(env: Env, publicId: string, order_id: number, status: number) {
  try {
    await publish(env, { channel: orderChannel(publicId), event: ORDER_STATUS_EVENT, data: { order_id, status } });
  } catch (error) {
    console.error("orderStatus: realtime publish failed", error);
  }
}

export async function orderStatus(c: Context<{ Bindings: Env }>) {
  const key = v.safeParse(RestaurantKey, c.req.header("x-restaurant-key"));
  if (!key.success) return unauthenticated(c);
  const input = await readInput(c, StatusBody);
  if (!input.ok) return input.response;
  const { domain, order_id, status } = input.value;
  const restaurantId = await keyOwner(c.env.DB, domain, key.output);
  if (restaurantId === null) return unauthenticated(c);
  // One transaction: the write happens only from an allowed status (so concurrent calls cannot
  // both move the order), then the row as it is now explains a write that matched nothing.
  const db = c.env.DB;
  const [moved, now] = await db.batch<{ public_id: string | null } & { status: number; unpaid: number }>([
    db.prepare(`UPDATE orders SET status = ?1 WHERE id = ?2 AND restaurant_id = ?3 AND status IN (SELECT value FROM json_each(?4))
                AND NOT (payment = 'online' AND paid = 0) RETURNING public_id`).bind(status, order_id, restaurantId, JSON.stringify(sourcesOf(status))),
    db.prepare("SELECT status, payment = 'online' AND paid = 0 AS unpaid FROM orders WHERE id = ? AND restaurant_id = ?").bind(order_id, restaurantId),
  ]);
  const row = moved!.results[0];
  if (row) {
    if (row.public_id) await publishStatus(c.env, row.public_id, order_id, status);
    return ok(c, { order_id, status, changed: true });
  }
  const current = now!.results[0];
  // Another restaurant's order is as unknown as a missing one.
  if (!current) return c.json({ error: "Order not found" }, 404);
  if (current.unpaid) return c.json({ error: "Order is not paid", order_id, status: current.status }, 409);
  // The same status again (a retry): nothing changes and nothing is published.
  if (current.status === status) return ok(c, { order_id, status, changed: false });
  return c.json({ error: "Status change not allowed", order_id, status: current.status }, 409);
}
