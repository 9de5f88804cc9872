// The ordering half of the embedded API (docs/CONTRACT.md): codes, tokens, orders, hosted payment,
// the restaurant's status change and the development outbox. Never cached: every answer is private.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { readInput, typed } from "./input";
import { activeRestaurant, branchOf } from "./queries";
import { branchNotFound, conflict, inactive, invalid, noSuchTable, ok, rateLimited, unauthenticated, unavailable } from "./respond";
import { branchRefusal, cartRefused, priceCart } from "./order-gate";
import { GetOrderBody, PaymentBody, SendOtpBody, StoreOrderBody, VerifyOtpBody } from "./fields";
import { claim } from "../limits/claim";
import { contractPhone, dinerPhone, phoneRefused } from "./diner";
import { publishBoard } from "../restaurant/board-events";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { clientNetwork, sendOtp, tokenOwner, verifyOtp } from "./otp";
import { paymentToken, PaymentTokenBody } from "./payment-token";
import { cardPayments } from "../providers/card-payments";
import { paymentPages } from "../providers/pages";
import { outboxReadable, outboxTexts } from "../providers/sms";
import { orderStatus } from "./order-status";
import { orderInvoice } from "./invoice";
import { B2bBody, requestStandardInvoice } from "./b2b-invoice";
import { pickupTime } from "./pickup";
import { RateBody, rateOrderRoute } from "./rating";
import { isTableNumber, lastTable } from "../rules/table-number";

type Json<S extends v.GenericSchema> = v.InferInput<S>;

/** A client's retry key for one order (docs/CONTRACT.md: optional Idempotency-Key). */
const idempotencyKey = (c: Context) => c.req.header("idempotency-key")?.slice(0, 100) || null;

/** Claims an order against the limits, except for a retry of one already stored (it makes no new order). */
async function claimUnlessRetry(c: Context<{ Bindings: Env }>, kind: "order" | "payment", restaurant: RestaurantRef, phone: string) {
  const key = idempotencyKey(c);
  if (key && (await restaurantCall(c.env, restaurant, "orderByKey", phone, key))) return { ok: true } as const;
  return claim(c.env, kind, phone, clientNetwork(c), Date.now(), restaurant.id);
}

export const orderingApp = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  })
  .post("/sendOtp", typed<Json<typeof SendOtpBody>>(), async (c) => {
    const input = await readInput(c, SendOtpBody);
    return input.ok ? sendOtp(c, input.value) : input.response;
  })
  .post("/verifyOtp", typed<Json<typeof VerifyOtpBody>>(), async (c) => {
    const input = await readInput(c, VerifyOtpBody);
    return input.ok ? verifyOtp(c, input.value) : input.response;
  })
  .post("/storeOrder", typed<Json<typeof StoreOrderBody>>(), async (c) => {
    const owner = await tokenOwner(c);
    // Only a phone verified by code orders with a token; a paid payment's token proves no phone.
    if (!owner || owner.order_id !== null) return unauthenticated(c);
    const input = await readInput(c, StoreOrderBody);
    if (!input.ok) return input.response;
    const { domain, branch_id, items, note, table_id, pickup_at } = input.value;
    const restaurant = await activeRestaurant(c.env, domain);
    if (!restaurant) return inactive(c);
    if (restaurant.id !== owner.restaurant_id) return unauthenticated(c);
    const branch = await branchOf(c.env, restaurant, branch_id);
    if (!branch) return branchNotFound(c);
    const refused = branchRefusal(c, branch, "otp", Date.now());
    if (refused) return refused;
    if (!isTableNumber(table_id, branch.tables)) return noSuchTable(c, lastTable(branch.tables));
    const pickup = pickupTime(c, branch, pickup_at);
    if (!pickup.ok) return pickup.response;
    const priced = await priceCart(c.env, restaurant, branch, items);
    if (!priced.ok) return cartRefused(c, priced);
    const limit = await claimUnlessRetry(c, "order", restaurant, owner.phone);
    if (!limit.ok) return rateLimited(c, limit.retryAfter);
    const order = await restaurantCall(c.env, restaurant, "createOrder", {
      branch_id: branch.id,
      name: owner.name,
      phone: owner.phone,
      note,
      table_id,
      pickup_at: pickup.at,
      payment: "otp",
      idempotency_key: idempotencyKey(c),
      lines: priced.lines,
      money: priced,
    });
    // The branch's board shows it at once (a retry of a stored order only repeats the nudge).
    await publishBoard(c.env, restaurant, branch.id, { order: order.id });
    return ok(c, { order_id: order.id, num_order: order.num_order, price: order.price });
  })
  .post("/orderPayment", typed<Json<typeof PaymentBody>>(), async (c) => {
    const input = await readInput(c, PaymentBody);
    if (!input.ok) return input.response;
    const body = input.value;
    const restaurant = await activeRestaurant(c.env, body.domain);
    if (!restaurant) return inactive(c);
    const branch = await branchOf(c.env, restaurant, body.branch_id);
    if (!branch) return branchNotFound(c);
    const refused = branchRefusal(c, branch, "online", Date.now());
    if (refused) return refused;
    if (!isTableNumber(body.table_id, branch.tables)) return noSuchTable(c, lastTable(branch.tables));
    const cards = await cardPayments(c.env, restaurant);
    if ("refused" in cards) {
      return cards.refused === "restaurant" ? conflict(c, "payment_mode") : unavailable(c, "payment_unavailable", "Online payment is not set up on this site.");
    }
    if (new URL(body.success_url).origin !== new URL(body.cancel_url).origin) return invalid(c, { cancel_url: ["same_origin"] });
    const pickup = pickupTime(c, branch, body.pickup_at);
    if (!pickup.ok) return pickup.response;
    // One provider decision per checkout: the cart is priced with the step of the provider that will charge it.
    const priced = await priceCart(c.env, restaurant, branch, body.items, { tip: body.tip, step: cards.provider.step(restaurant.currency) });
    if (!priced.ok) return cartRefused(c, priced);
    const phone = dinerPhone(body.phoneCustomer, restaurant);
    if (!phone) return phoneRefused(c, "phoneCustomer");
    // Nobody is verified yet: a few tries per phone and per address, claimed before anything is stored.
    const limit = await claimUnlessRetry(c, "payment", restaurant, phone);
    if (!limit.ok) return rateLimited(c, limit.retryAfter);
    const order = await restaurantCall(c.env, restaurant, "createOrder", {
      branch_id: branch.id,
      name: body.nameCustomer,
      phone,
      note: body.note,
      table_id: body.table_id,
      pickup_at: pickup.at,
      payment: "online",
      idempotency_key: idempotencyKey(c),
      lines: priced.lines,
      money: priced,
    });
    let url: string;
    try {
      url = await cards.provider.start({
        order,
        restaurant,
        lines: priced.lines,
        money: priced,
        customer: { name: body.nameCustomer, phone },
        lang: body.lang,
        successUrl: body.success_url,
        cancelUrl: body.cancel_url,
      });
    } catch (error) {
      // The order stays unpaid and unseen; a retry with the same Idempotency-Key finds it and tries again.
      console.error("orderPayment: the payment provider failed", error);
      return unavailable(c, "payment_unavailable", "The payment page could not be opened. Please try again.");
    }
    return ok(c, { phone: contractPhone(phone), url, order_id: order.id, num_order: order.num_order });
  })
  .post("/getOrder", typed<Json<typeof GetOrderBody>>(), async (c) => {
    const owner = await tokenOwner(c);
    if (!owner) return unauthenticated(c);
    const input = await readInput(c, GetOrderBody);
    if (!input.ok) return input.response;
    const restaurant = await activeRestaurant(c.env, input.value.domain);
    if (!restaurant) return inactive(c);
    // A token sees only its own phone's orders, whatever phone is asked for (in whatever spelling).
    if (restaurant.id !== owner.restaurant_id || dinerPhone(input.value.phoneCustomer, restaurant) !== owner.phone) return ok(c, []);
    const limit = Number(input.value.all) === 1 ? 1000 : 5;
    return ok(c, await restaurantCall(c.env, restaurant, "tokensOrders", { phone: owner.phone, orderId: owner.order_id }, limit));
  })
  .get("/order/show/:order_id", async (c) => {
    const owner = await tokenOwner(c);
    if (!owner) return unauthenticated(c);
    const id = Number(c.req.param("order_id"));
    if (!Number.isInteger(id) || id < 1) return c.json({ error: "Order not found" }, 404);
    const order = await restaurantCall(c.env, { id: owner.restaurant_id }, "tokensOrder", { phone: owner.phone, orderId: owner.order_id }, id);
    return order ? ok(c, order) : c.json({ error: "Order not found" }, 404);
  })
  .get("/order/invoice/:order_id", orderInvoice)
  // Addition beside the contract: a standard (B2B) invoice of a paid order, cleared by ZATCA (docs/decisions/0073).
  .post("/order/invoice/:order_id/standard", typed<Json<typeof B2bBody>>(), requestStandardInvoice)
  // Addition beside the contract: a diner's rating of a ready order (docs/decisions/0055).
  .post("/order/rate/:order_id", typed<Json<typeof RateBody>>(), rateOrderRoute)
  // The restaurant's side: move an order through pending → in process → ready (or canceled).
  .post("/orderStatus", orderStatus)
  // Addition beside the contract: a paid hosted payment's return, exchanged once for an order-scoped token.
  .post("/paymentToken", typed<Json<typeof PaymentTokenBody>>(), async (c) => {
    const input = await readInput(c, PaymentTokenBody);
    return input.ok ? paymentToken(c, input.value) : input.response;
  })
  // The hosted payments' pages and returns (worker/providers/pages.ts).
  .route("/", paymentPages)
  .get("/dev/outbox", async (c) => {
    if (!outboxReadable(c.env)) return c.json({ error: "Not found" }, 404);
    return c.json({ data: await outboxTexts(c.env.DB, c.req.query("phone") ?? "", c.req.query("country")) });
  });
