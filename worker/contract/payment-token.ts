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
import { restaurantOrders } from "../restaurant/stub";

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
  // One transaction in the restaurant's object: the session records the token's hash only if none was
  // given yet, and the token is stored only where the session holds that hash, so concurrent exchanges
  // give one token between them.
  const db = restaurantOrders(c.env, restaurant);
  const [, stored] = await db.batch<{ phone: string; order_id: number }>([
    db
      .prepare(
        `UPDATE payment_sessions SET token_hash = ?1
       WHERE id = ?2 AND token_hash IS NULL AND ((status = 'paid' AND expires_at > ?3) OR (status = 'open' AND expires_at > ?5))
         AND order_id IN (SELECT id FROM orders WHERE restaurant_id = ?4)`,
      )
      .bind(hash, input.session, t - EXCHANGE_GRACE_MS, restaurant.id, t),
    db
      .prepare(
        `INSERT INTO order_tokens (token_hash, phone, name, expires_at, order_id)
       SELECT ?1, o.phone, o.name, ?2, o.id FROM payment_sessions s JOIN orders o ON o.id = s.order_id
       WHERE s.id = ?3 AND s.token_hash = ?1
       RETURNING phone, order_id`,
      )
      .bind(hash, t + TOKEN_TTL_S * 1000, input.session),
  ]);
  const granted = stored!.results[0];
  if (!granted) return invalid(c, { session: ["not_paid_or_used"] });
  return ok(c, { token, phone: contractPhone(granted.phone), order_id: granted.order_id });
}
