// How the worker reaches a restaurant's object: by the restaurant's id, created where its country is
// (./location.ts). Every caller goes through here, so the naming is in one place.
import type { CallArgs, CallName, CallResult } from "./calls";
import { locationHint } from "./location";

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
export async function restaurantCall<K extends CallName>(env: Env, restaurant: RestaurantRef, name: K, ...args: CallArgs<K>): Promise<CallResult<K>> {
  // Awaited here, so callers hold a plain promise, not the RPC's pipelining one (whose property reads,
  // as a test's `expect(…).rejects` makes, start calls of their own that reject unheard).
  return (await restaurantObject(env, restaurant).call(restaurant.id, name, args)) as CallResult<K>;
}
