// The one place the embedded API decides whether a branch takes an order now (ordering on, not paused,
// open, this way of paying) and answers a cart the pricing refused. storeOrder and orderPayment use it,
// and so do both code calls when they carry the cart (the embedded API's addition): the cart's page
// then sends no code, and spends none, for an order that could not be taken.
import type { Context } from "hono";
import { closed, conflict, menuClosed, paused } from "./respond";
import { isPaused } from "../rules/availability";
import { readHours } from "../rules/hours-schema";
import { openingState } from "../rules/opening-hours";
import { acceptsOnline, acceptsOtp } from "../rules/modes";
import type { PricingResult } from "../restaurant/pricing";
import { restaurantCall } from "../restaurant/stub";
import { chargeStepOf } from "../providers/card-payments";
import type { RestaurantRow } from "../directory/restaurant-row";
import type { BranchRow } from "../restaurant/catalogue-rows";
import type { Item } from "./fields";
import type * as v from "valibot";

/** The branch's refusal of a new order at `now` paid this way, or null when it takes it. */
export function branchRefusal(c: Context, branch: BranchRow, payment: "otp" | "online", now: number): Response | null {
  if (!branch.active_order) return conflict(c, "ordering_off");
  if (isPaused(branch.paused_until, now)) return paused(c, branch.paused_until!);
  const opening = openingState(readHours(branch.opening_hours), branch.time_zone, now);
  if (!opening.open) return closed(c, opening.opensAt);
  if (!(payment === "otp" ? acceptsOtp : acceptsOnline)(branch.payment_mode)) return conflict(c, "payment_mode");
  return null;
}

/**
 * The answer to a cart the pricing refused: 409 `menu_closed`/`category_closed`, 422 with the fields,
 * or 409 `cart_changed` when only prices the cart showed changed. Each carries `problems`, every line's
 * problem in the cart's words (an addition beside the contract: worker/rules/cart-problems.ts).
 */
export function cartRefused(c: Context, priced: Exclude<PricingResult, { ok: true }>): Response {
  const problems = priced.problems;
  if ("menuClosed" in priced) return menuClosed(c, priced.menuClosed, { problems });
  if ("errors" in priced) return c.json({ errors: priced.errors, errorCode: 0, data: [] as never[], problems }, 422);
  return c.json({ errors: [] as never[], errorCode: "cart_changed", message: "Some prices changed.", data: [] as never[], problems }, 409);
}

/**
 * Prices the cart at the branch for the restaurant (its money, its provider's charge step, its country), as every
 * order call does. `step`: the charge step of the provider the caller already chose (a checkout decides its
 * provider once and prices with that provider's step); without it, the step of whichever takes cards now.
 */
export const priceCart = async (
  env: Env,
  restaurant: RestaurantRow,
  branch: BranchRow,
  items: v.InferOutput<typeof Item>[],
  { now = Date.now(), tip = 0, step }: { now?: number; tip?: number; step?: number } = {},
) =>
  restaurantCall(
    env,
    restaurant,
    "priceItems",
    {
      id: branch.id,
      time_zone: branch.time_zone,
      currency: restaurant.currency,
      country: restaurant.country,
      step: step ?? (await chargeStepOf(env, restaurant)),
    },
    items,
    now,
    tip,
  );

/** A code call's check of the cart it carries: the branch takes an order by code now, and every line is as the cart showed it. */
export async function cartCheck(c: Context<{ Bindings: Env }>, restaurant: RestaurantRow, branch: BranchRow, items: v.InferOutput<typeof Item>[]) {
  const now = Date.now();
  const refused = branchRefusal(c, branch, "otp", now);
  if (refused) return refused;
  const priced = await priceCart(c.env, restaurant, branch, items, { now });
  return priced.ok ? null : cartRefused(c, priced);
}
