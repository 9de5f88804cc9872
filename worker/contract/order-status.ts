// The restaurant's side of an order (POST /api/orderStatus): a restaurant names itself and proves
// it with one of its own keys, and moves only its own orders (the move itself: move-order.ts).
import { refundProvider } from "../providers/refunds";
import { restaurantCall } from "../restaurant/stub";
import type { Context } from "hono";
import * as v from "valibot";
import { timingSafeEqualHex } from "../rules/hmac";
import { Domain, IdField, readInput } from "./input";
import { orderRestaurant, restaurantIdOfDomain } from "../directory/order-restaurants";
import { ok, unauthenticated } from "./respond";
import { moveOrder } from "../restaurant/move-order";
import { sha256 } from "../rules/secrets";
import { ORDER_STATUSES } from "../rules/status-table";

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
async function keyOwner(env: Env, domain: string, key: string): Promise<number | null> {
  const hash = await sha256(key);
  const restaurant = await restaurantIdOfDomain(env.DB, domain);
  if (!restaurant) return null;
  const hashes = await restaurantCall(env, restaurant, "restaurantKeyHashes");
  let owner: number | null = null;
  for (const stored of hashes) if (timingSafeEqualHex(stored, hash)) owner = restaurant.id;
  return owner;
}

export async function orderStatus(c: Context<{ Bindings: Env }>) {
  const key = v.safeParse(RestaurantKey, c.req.header("x-restaurant-key"));
  if (!key.success) return unauthenticated(c);
  const input = await readInput(c, StatusBody);
  if (!input.ok) return input.response;
  const { domain, order_id, status } = input.value;
  const restaurantId = await keyOwner(c.env, domain, key.output);
  if (restaurantId === null) return unauthenticated(c);
  const restaurant = await orderRestaurant(c.env.DB, restaurantId);
  if (!restaurant) return unauthenticated(c);
  const moved = await moveOrder(c.env, restaurant, order_id, status, refundProvider(c.env, restaurant));
  // A cancelled card-paid order's refund: its state after the first attempt (succeeded, pending or failed).
  if (moved.ok)
    return ok(c, {
      order_id,
      status,
      changed: moved.changed,
      ...(moved.refund ? { refund: { status: moved.refund.status, amount: moved.refund.amount, currency: moved.refund.currency } } : {}),
    });
  if (moved.problem === "notFound") return c.json({ error: "Order not found" }, 404);
  return c.json({ error: moved.problem === "unpaid" ? "Order is not paid" : "Status change not allowed", order_id, status: moved.status }, 409);
}
