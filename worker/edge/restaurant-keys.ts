// POST /_edge/restaurants/{domain}/keys (ADMIN_SECRET): issues a key for the order-status call
// (POST /api/orderStatus, X-Restaurant-Key). Only its sha256 is stored, in the restaurant's own catalogue
// (restaurant_keys); the key is in this one answer and never again. Used by scripts/restaurant-key.ts.
import type { Context } from "hono";
import * as v from "valibot";
import { DomainInPath } from "../rules/reserved";
import { randomId, sha256 } from "../rules/secrets";
import { plainText } from "../rules/plain-text";
import { restaurantByDomain } from "../restaurant/data-file";
import { restaurantCall } from "../restaurant/stub";
import { adminRefusal } from "./admin-auth";

const KeyBody = v.object({ label: v.optional(v.pipe(v.string(), plainText(), v.maxLength(100, "a label of at most 100 characters"))) });
const NO_STORE = { "Cache-Control": "no-store" };

/** 32 random bytes: a key is only as strong as its randomness, since its hash is unsalted. */
const newRestaurantKey = () => `rk_${randomId(32)}`;

export async function handleNewKey(c: Context<{ Bindings: Env }>) {
  const refused = await adminRefusal(c.req.raw, c.env);
  if (refused) return refused;
  const domain = v.safeParse(DomainInPath, c.req.param("domain"));
  if (!domain.success) return c.json({ error: "Invalid restaurant domain" }, 400, NO_STORE);
  const body = v.safeParse(KeyBody, await c.req.json().catch(() => ({})));
  if (!body.success) return c.json({ error: `Send JSON { "label": "…" }: ${body.issues[0].message}` }, 400, NO_STORE);
  const restaurant = await restaurantByDomain(c.env.DB, domain.output);
  if (!restaurant) return c.json({ error: `Unknown restaurant: ${domain.output}` }, 404, NO_STORE);
  const key = newRestaurantKey();
  const label = body.output.label ?? `issued ${new Date().toISOString().slice(0, 10)}`;
  await restaurantCall(c.env, restaurant, "addRestaurantKey", await sha256(key), label);
  return c.json({ key, restaurant: restaurant.id, label }, 200, NO_STORE);
}
