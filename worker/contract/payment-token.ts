// POST /paymentToken (an addition beside the contract): a hosted payment's success return, exchanged
// once for a token that reads that order only, paid or still being confirmed.
import type { Context } from "hono";
import * as v from "valibot";
import { Domain } from "./input";
import { activeRestaurant } from "./queries";
import { inactive, invalid, ok } from "./respond";
import { contractPhone } from "./diner";
import { TOKEN_TTL_S } from "./otp";
import { EXCHANGE_GRACE_MS, SESSION_ID } from "../providers/payments";
import { sha256 } from "../rules/secrets";
import { scopedId } from "../restaurant/scoped-id";
import { restaurantCall } from "../restaurant/stub";

type Ctx = Context<{ Bindings: Env }>;

export const PaymentTokenBody = v.object({ domain: Domain, session: v.pipe(v.string(), v.regex(SESSION_ID, "invalid")) });

/**
 * POST /paymentToken: a session of this restaurant that is paid or still open, exchanged once (a paid
 * one until EXCHANGE_GRACE_MS after the session ends, an open one until it ends) for a token that reads
 * that order only. Still open is the success return before Stripe's webhook: the order shows as
 * "confirming payment", never as paid. Paying with a phone number proves nothing about owning it, so
 * the token never reads the phone's other orders, and cannot store orders.
 * Unknown, cancelled, expired, another restaurant's or already exchanged: the same 422.
 */
export async function paymentToken(c: Ctx, input: v.InferOutput<typeof PaymentTokenBody>) {
  const restaurant = await activeRestaurant(c.env, input.domain);
  if (!restaurant) return inactive(c);
  const token = scopedId(restaurant.id);
  const hash = await sha256(token);
  const t = Date.now();
  // One transaction in the restaurant's object: concurrent exchanges give one token between them.
  const granted = await restaurantCall(c.env, restaurant, "exchangePaymentToken", {
    session: input.session,
    tokenHash: hash,
    paidAfter: t - EXCHANGE_GRACE_MS,
    now: t,
    tokenExpiresAt: t + TOKEN_TTL_S * 1000,
  });
  if (!granted) return invalid(c, { session: ["not_paid_or_used"] });
  return ok(c, { token, phone: contractPhone(granted.phone), order_id: granted.order_id });
}
