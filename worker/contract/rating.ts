// The embedded API's addition beside the contract (docs/decisions/0055): a diner rates one of their orders once it
// is ready, 1–5 stars and a short note, with the token that reads it (`/order/show`'s ownership rule).
// 409 `not_ready` before then, `already_rated` after; the answer carries the restaurant's review link
// when the rating is high and the owner set one.
import type { Context } from "hono";
import * as v from "valibot";
import { readInput } from "./input";
import { ok, unauthenticated } from "./respond";
import { tokenOwner } from "./otp";
import { HIGH_RATING } from "../restaurant/ratings";
import { restaurantCall } from "../restaurant/stub";
import { plainText } from "../rules/plain-text";

export const RateBody = v.object({
  stars: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-5]$/), v.transform(Number))], "in"),
    v.number(),
    v.integer("in"),
    v.minValue(1, "in"),
    v.maxValue(5, "in"),
  ),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300, "max"), plainText("plain")), ""),
});

export async function rateOrderRoute(c: Context<{ Bindings: Env }>) {
  const owner = await tokenOwner(c);
  if (!owner) return unauthenticated(c);
  const id = Number(c.req.param("order_id"));
  if (!Number.isInteger(id) || id < 1) return c.json({ error: "Order not found" }, 404);
  const input = await readInput(c, RateBody);
  if (!input.ok) return input.response;
  const { stars, note } = input.value;
  const restaurant = { id: owner.restaurant_id };
  const rated = await restaurantCall(
    c.env,
    restaurant,
    "rateOrder",
    { phone: owner.phone, scope: owner.order_id },
    id,
    { stars, note: note || null },
    Date.now(),
  );
  if (!rated.ok) {
    if (rated.problem === "notFound") return c.json({ error: "Order not found" }, 404);
    const errorCode = rated.problem === "rated" ? "already_rated" : "not_ready";
    return c.json(
      { errors: [], errorCode, message: rated.problem === "rated" ? "This order is rated already." : "An order is rated once it is ready.", data: [] },
      409,
    );
  }
  const review = stars >= HIGH_RATING ? await restaurantCall(c.env, restaurant, "reviewLink") : null;
  return ok(c, { stars, review_url: review });
}
