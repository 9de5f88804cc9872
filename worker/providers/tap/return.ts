// GET /api/tap/return/{session}?tap_id=chg_…: the diner back from Tap's page (docs/decisions/0076). The
// query names the charge only as a lookup key: it must be the session's own, and the charge is re-read
// from Tap with the restaurant's key before anything changes (./decide.ts). Paid (or still being
// confirmed): to the order (the success URL, exchanged for a token as every provider's is); failed,
// abandoned or left unpaid: back to the cart, which kept everything. Never to another site.
import type { Context } from "hono";
import { orderRestaurant } from "../../directory/order-restaurants";
import { scopedRestaurant } from "../../restaurant/scoped-id";
import { restaurantCall } from "../../restaurant/stub";
import type { TapSessionRow } from "../../restaurant/tap-rows";
import { demoGoneHtml, demoPageLanguage } from "../demo-page";
import { SESSION_ID } from "../payments";
import { CHARGE_ID } from "./api";
import { restaurantTap } from "./connection";
import { decideCharge } from "./decide";

type Ctx = Context<{ Bindings: Env }>;
const PRIVATE = { "Cache-Control": "private, no-store" };

const sameOrigin = (target: string, requestUrl: string) => {
  try {
    return new URL(target).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
};

const go = (c: Ctx, session: TapSessionRow, paid: boolean) => {
  const target = paid ? session.success_url : session.cancel_url;
  return sameOrigin(target, c.req.url) ? c.redirect(target, 303) : c.html(demoGoneHtml(demoPageLanguage(c.req.raw), "otherSite"), 400, PRIVATE);
};

export async function tapReturn(c: Ctx) {
  const gone = () => c.html(demoGoneHtml(demoPageLanguage(c.req.raw), "gone"), 404, PRIVATE);
  const id = c.req.param("session") ?? "";
  const chargeId = c.req.query("tap_id") ?? "";
  const restaurantId = scopedRestaurant(id);
  if (!SESSION_ID.test(id) || restaurantId === null || !CHARGE_ID.test(chargeId)) return gone();
  const restaurant = await orderRestaurant(c.env.DB, restaurantId);
  const session = restaurant && (await restaurantCall(c.env, restaurant, "tapSession", id));
  // Another session's (or another restaurant's) charge is no way back to this one.
  if (!restaurant || !session || session.charge_id !== chargeId) return gone();
  if (session.status !== "open") return go(c, session, session.status === "paid");
  const tap = await restaurantTap(c.env, restaurant);
  const read = tap && (await tap.api.retrieveCharge(chargeId));
  // Tap not answering: the order page says "confirming payment" until the notification decides.
  if (!read || !read.ok) return go(c, session, true);
  const { meaning } = await decideCharge(c.env, restaurant, session, read.value);
  const now = await restaurantCall(c.env, restaurant, "tapSession", id);
  if (now && now.status !== "open") return go(c, now, now.status === "paid");
  // Still open: back at the cart when the diner left Tap's page unpaid, else the order, being confirmed.
  return go(c, session, meaning === "waiting" && read.value.status !== "INITIATED");
}
