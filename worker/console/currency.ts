// The restaurant's currency as its owner sets it (issue 26, point 1; docs/decisions/0052): from its
// country at sign-up, changeable until the first order (an order's amounts are read in the
// restaurant's currency, so after one it stays). On the directory's row, beside the name and country.
import { restaurantOrders } from "../restaurant/stub";

/** Whether the restaurant has taken an order (its object's orders, any status). */
export async function hasOrders(env: Env, restaurantId: number): Promise<boolean> {
  return (await restaurantOrders(env, { id: restaurantId }).prepare("SELECT 1 FROM orders LIMIT 1").first()) !== null;
}

/**
 * Sets the currency, or says why not: "has-orders" once an order exists. The check and the write are
 * in two stores (the object's orders, the directory's row): an order placed in the instant between
 * them is the one case left, and its amounts are numbers a second currency would only relabel.
 */
export async function setCurrency(env: Env, restaurantId: number, currency: string): Promise<"set" | "has-orders"> {
  if (await hasOrders(env, restaurantId)) return "has-orders";
  await env.DB.prepare("UPDATE restaurants SET currency = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ?").bind(currency, restaurantId).run();
  return "set";
}
