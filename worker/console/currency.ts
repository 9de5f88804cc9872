// The restaurant's currency as its owner sets it (docs/decisions/0052, 0061): from its
// country at sign-up, changeable until the first order (an order's amounts are read in the restaurant's
// currency, so after one it stays). On the directory's row, beside the name and country. A change
// converts the catalogue's prices (../restaurant/currency-change.ts) after the owner has seen which ones
// the new currency's decimals round.
import { restaurantCall } from "../restaurant/stub";
import type { RoundedPrice } from "../restaurant/currency-change";
import { swapCurrency } from "../directory/restaurant-rows";
import { forgetMemberCopies } from "./member-cache";

/** Whether the restaurant has taken an order (its object's orders, any status). */
export async function hasOrders(env: Env, restaurantId: number): Promise<boolean> {
  return restaurantCall(env, { id: restaurantId }, "hasOrders");
}

/** What a change from `from` to `to` would do, and the digest the owner's confirmation must carry. */
export interface CurrencyPlan {
  from: string;
  to: string;
  rounded: RoundedPrice[];
  digest: string;
}

export async function planCurrency(env: Env, restaurantId: number, from: string, to: string): Promise<CurrencyPlan> {
  const rounded = await restaurantCall(env, { id: restaurantId }, "roundedPrices", from, to);
  const bytes = new TextEncoder().encode(JSON.stringify([from, to, rounded.map((r) => [r.kind, r.product_id, r.choice_en, r.before])]));
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { from, to, rounded, digest };
}

/**
 * Sets the currency, or says why not: "has-orders" once an order exists, "changed" when another change
 * of the currency won meanwhile. The prices are converted first, in the object's transaction that checks
 * for orders; then the directory's row changes only if it still holds `from` (else the conversion is
 * undone). What is left (docs/decisions/0061): an order priced in the instant between the two writes,
 * or by a colo still holding the directory's old row, records the old currency with converted amounts.
 */
export async function setCurrency(env: Env, restaurantId: number, from: string, to: string): Promise<"set" | "has-orders" | "changed"> {
  const restaurant = { id: restaurantId };
  if ((await restaurantCall(env, restaurant, "convertPrices", from, to)) === "has-orders") return "has-orders";
  if (await swapCurrency(env.DB, restaurantId, from, to)) {
    // The boards' copies of sessions carry the currency: void them.
    await forgetMemberCopies(env, [restaurantId]);
    return "set";
  }
  await restaurantCall(env, restaurant, "convertPrices", to, from);
  return "changed";
}
