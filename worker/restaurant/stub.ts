// How the worker reaches a restaurant's object: by the restaurant's id, created where its country is
// (./location.ts). Every caller goes through here, so the naming is in one place.
import { locationHint } from "./location";
import { ordersDb } from "./sql-bridge";

export interface RestaurantRef { id: number; country?: string | null }

export function restaurantObject(env: Env, restaurant: RestaurantRef) {
  const id = env.RESTAURANT.idFromName(`restaurant:${restaurant.id}`);
  const hint = locationHint(restaurant.country);
  return hint ? env.RESTAURANT.get(id, { locationHint: hint }) : env.RESTAURANT.get(id);
}

/** The restaurant's orders store (its object, spoken to D1's way: ./sql-bridge.ts). */
export const restaurantOrders = (env: Env, restaurant: RestaurantRef) => ordersDb(restaurantObject(env, restaurant));
