// The step the menu editor, the dish options and the spreadsheet check prices against (docs/decisions/0079):
// the provider's that takes the restaurant's cards, found with its directory row (its Stripe account).
import { restaurantOf } from "../directory/restaurant-rows";
import { chargeStepOf } from "../providers/card-payments";
import { chargeStep } from "../rules/money";

/** The restaurant's charge step, in minor units; its currency's when its row is gone. */
export async function priceStepOf(env: Env, restaurant: { id: number; currency: string }): Promise<number> {
  const row = await restaurantOf(env.DB, restaurant.id);
  return row ? chargeStepOf(env, row) : chargeStep(restaurant.currency);
}
