// Ids that name their restaurant: `r{restaurant id}-{random bytes, base64url}`. An order token and a
// demo payment session are handed out alone (GET /order/show carries only the token, the demo pay page
// only its session), so the id itself says whose object holds it, with no directory read. The random
// part is the secret; a token is stored only as its SHA-256.
import { randomId } from "../rules/secrets";

export const scopedId = (restaurantId: number, bytes = 32) => `r${restaurantId}-${randomId(bytes)}`;

/** The restaurant an id names, or null for a text that is not one of ours. */
export function scopedRestaurant(id: string): number | null {
  const restaurant = /^r([1-9]\d{0,14})-[A-Za-z0-9_-]{20,}$/.exec(id)?.[1];
  return restaurant === undefined ? null : Number(restaurant);
}
