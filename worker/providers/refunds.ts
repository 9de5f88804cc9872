// Who refunds a cancelled card-paid order (docs/decisions/0029, 0076): the paid session's provider,
// whichever provider the restaurant takes cards with now (./card-payments.ts names each). The restaurant's
// rules claim, record and tell (worker/restaurant/refund.ts); the provider answers.
import type { OrderRestaurant } from "../directory/order-restaurants";
import type { AskRefund } from "../restaurant/refund";
import { providerNamed } from "./card-payments";

/** The refund's asker for `restaurant`'s orders: the paid session's provider's. */
export const refundProvider =
  (env: Env, restaurant: OrderRestaurant): AskRefund =>
  (refund, intents) =>
    providerNamed(env, refund.provider).refund(restaurant, refund, intents);
