// An order token's text: `r{restaurant id}-{32 random bytes, base64url}`. The restaurant in front says
// which restaurant's object holds the token, so a call that carries only the token (GET /order/show)
// finds it without a directory read. The rest is the secret; only its SHA-256 is stored.
import { randomId } from "./secrets";

export const newToken = (restaurantId: number) => `r${restaurantId}-${randomId(32)}`;

/** The restaurant a token names, or null for a text that is not one of ours. */
export function tokenRestaurant(token: string): number | null {
  const id = /^r([1-9]\d{0,14})-[A-Za-z0-9_-]{20,}$/.exec(token)?.[1];
  return id === undefined ? null : Number(id);
}
