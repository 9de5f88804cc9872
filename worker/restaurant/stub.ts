// How the worker reaches a restaurant's object: by the restaurant's id, created where its country is
// (./location.ts). Every caller goes through here, so the naming is in one place.
import type { CallArgs, CallName, CallResult } from "./calls";
import { locationHint } from "./location";
import { ordersDb, type SqlStore } from "./sql-bridge";

export interface RestaurantRef {
  id: number;
  country?: string | null;
}

export function restaurantObject(env: Env, restaurant: RestaurantRef) {
  const id = env.RESTAURANT.idFromName(`restaurant:${restaurant.id}`);
  const hint = locationHint(restaurant.country);
  return hint ? env.RESTAURANT.get(id, { locationHint: hint }) : env.RESTAURANT.get(id);
}

/**
 * One of the restaurant's operations (./calls.ts), run by its object on its own rows: the door every
 * other part of the worker uses for the object's data, typed by the operation's own signature.
 */
export function restaurantCall<K extends CallName>(env: Env, restaurant: RestaurantRef, name: K, ...args: CallArgs<K>): Promise<CallResult<K>> {
  return restaurantObject(env, restaurant).call(restaurant.id, name, args) as Promise<CallResult<K>>;
}

/** The restaurant's orders store (its object, spoken to D1's way: ./sql-bridge.ts). */
export const restaurantOrders = (env: Env, restaurant: RestaurantRef) => ordersDb(restaurantObject(env, restaurant));

/**
 * A restaurant's catalogue (branches, menus, categories, dishes, options, socials, pictures, visit
 * buckets, SMS budget days, restaurant keys): in its object, spoken to D1's way (./sql-bridge.ts), each
 * batch one transaction there. The object takes its rows from the old D1 on its first such call
 * (./adopt-catalogue.ts, docs/decisions/0045).
 */
export function catalogueStore(env: Env, restaurant: RestaurantRef): CatalogueStore {
  const object = restaurantObject(env, restaurant);
  return ordersDb({ run: (statements) => object.runCatalogue(restaurant.id, statements) }) as unknown as CatalogueStore;
}

declare const catalogue: unique symbol;
/** A restaurant's catalogue store: only catalogueStore makes one, so a function that takes it cannot be handed D1 by mistake. */
export type CatalogueStore = SqlStore & { readonly [catalogue]: true };

/** What a read that crosses stores takes: the directory (D1) for the restaurant's row, its catalogue for the rest. */
export interface RestaurantStores {
  directory: D1Database;
  catalogue: CatalogueStore;
}
