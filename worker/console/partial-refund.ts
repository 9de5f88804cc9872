// The board's partial refund of a card-paid order (docs/decisions/0083): a manager refunds part of what is
// left (a cold dish, a missing line). The restaurant's object claims the amount and issues its credit note
// in one transaction (../restaurant/partial-refund-rows.ts); the paid session's provider is then asked,
// and a failure shows on the board with its retry, like a cancel's refund (../restaurant/refund.ts).
import type { OrderRestaurant } from "../directory/order-restaurants";
import { refundSteps } from "../providers/card-payments";
import { refundProvider } from "../providers/refunds";
import { attemptRefund } from "../restaurant/refund";
import { restaurantCall } from "../restaurant/stub";

/** Refunds `amount` (minor units) of order `orderId` with `reason`: the attempt's outcome, or why nothing was refunded. */
export async function refundPart(env: Env, restaurant: OrderRestaurant, orderId: number, amount: number, reason: string) {
  const steps = refundSteps(env, restaurant.currency);
  const opened = await restaurantCall(env, restaurant, "openPartialRefund", orderId, amount, reason, steps, Date.now());
  if (!opened.ok) return opened;
  const refund = await attemptRefund(env, restaurant, orderId, "first", refundProvider(env, restaurant), Date.now(), opened.id);
  return { ok: true as const, refund, left: opened.left, currency: opened.currency };
}
