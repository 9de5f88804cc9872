// POST /paymentToken (an addition beside the contract): a hosted payment's success return, exchanged
// once for a token that reads that order only, paid or still being confirmed.
import type { Context } from "hono";
import * as v from "valibot";
import { Domain } from "../input";
import { activeRestaurant } from "../queries";
import { inactive, invalid, ok } from "../respond";
import { contractPhone } from "./diner";
import { TOKEN_TTL_S } from "./otp";
import { EXCHANGE_GRACE_MS, SESSION_ID } from "./payments";
import { sha256 } from "./secrets";
import { scopedId } from "../../restaurant/scoped-id";
import { restaurantObject } from "../../restaurant/stub";

type Ctx = Context<{ Bindings: Env }>;

export const PaymentTokenBody = v.object({ domain: Domain, session: v.pipe(v.string(), v.regex(SESSION_ID, "invalid")) });

/**
 * POST /paymentToken: a session of this restaurant that is paid or still open, exchanged once (a paid
 * one until EXCHANGE_GRACE_MS after the session ends, an open one until it ends) for a token that reads
 * that order only. Still open is the success return before Stripe's webhook: the order shows as
 * "confirming payment", never as paid. Paying with a phone number proves nothing about owning it, so
 * the token never reads the phone's other orders, and cannot store orders.
 * The session records the token's hash only if no token was given yet (one conditional write), so
 * concurrent exchanges give one token between them; the token itself is kept in the restaurant's object.
 * Unknown, cancelled, expired, another restaurant's or already exchanged: the same 422.
 */
export async function paymentToken(c: Ctx, input: v.InferOutput<typeof PaymentTokenBody>) {
  const db = c.env.DB;
  const restaurant = await activeRestaurant(db, input.domain);
  if (!restaurant) return inactive(c);
  const token = scopedId(restaurant.id);
  const hash = await sha256(token);
  const t = Date.now();
  // The session records the token's hash only if none was given yet: one exchange wins, however many race.
  const won = await db.prepare(
    `UPDATE payment_sessions SET token_hash = ?1
     WHERE id = ?2 AND token_hash IS NULL AND ((status = 'paid' AND expires_at > ?3) OR (status = 'open' AND expires_at > ?5))
       AND order_id IN (SELECT id FROM orders WHERE restaurant_id = ?4)
     RETURNING (SELECT phone FROM orders WHERE id = order_id) AS phone, (SELECT name FROM orders WHERE id = order_id) AS name, order_id`,
  ).bind(hash, input.session, t - EXCHANGE_GRACE_MS, restaurant.id, t).first<{ phone: string; name: string; order_id: number }>();
  if (!won) return invalid(c, { session: ["not_paid_or_used"] });
  // The token lives in the restaurant's object, beside the diners' code tokens.
  await restaurantObject(c.env, restaurant).grantToken({ tokenHash: hash, phone: won.phone, name: won.name, expiresAt: t + TOKEN_TTL_S * 1000, orderId: won.order_id });
  return ok(c, { token, phone: contractPhone(won.phone), order_id: won.order_id });
}
