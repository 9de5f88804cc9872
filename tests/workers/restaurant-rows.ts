// A restaurant's object's own rows, read (or changed) in a test: what D1 no longer holds (codes,
// tokens) is asked of the object itself. An object nobody wrote to holds no rows.
import { env, runInDurableObject } from "cloudflare:test";
import { schemaVersion } from "../../worker/restaurant/schema";
import { restaurantObject, restaurantOrders } from "../../worker/restaurant/stub";

export const SAFFRON_ID = 1;

export function restaurantRows<T = Record<string, SqlStorageValue>>(restaurantId: number, query: string, ...args: unknown[]): Promise<T[]> {
  return runInDurableObject(restaurantObject(env, { id: restaurantId }), (_instance, state) =>
    schemaVersion(state.storage.sql) === 0 ? [] : (state.storage.sql.exec(query, ...args).toArray() as T[]),
  );
}

/**
 * A restaurant's orders store as the tests read and change it: the same prepare/bind/first/all/run and
 * batch as D1's, against the restaurant's object (orders, order_items, order_item_options,
 * payment_sessions, refunds, stripe_events live there, not in D1).
 */
export const ordersOf = (restaurantId: number) => restaurantOrders(env, { id: restaurantId });
