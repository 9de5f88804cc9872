// Cancelling a card-paid order refunds it (docs/decisions/0029), against the loopback Stripe stand-in:
// Stripe refunds on the connected account with an idempotency key, once under 50 concurrent cancels;
// a Stripe 500 leaves a failed refund that the board shows with its retry, and the retry succeeds;
// the demo provider records a DEMO refund; nothing is refunded for an unpaid order; the restaurant's
// orderStatus call goes through the same path; bad input is refused with a clear status.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { orderChannel, ORDER_STATUS_EVENT } from "../../worker/realtime/channels";
import { stripeRefundEvent } from "../stand-ins/stripe-events";
import { seedMember } from "./console-members";
import { connect } from "./realtime-socket";
import { issueRestaurantKey } from "./restaurant-keys";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";
import { api, deliver, sentToStripe, site, stripeEnv, stripeSaffron } from "./stripe-saffron";

const CANCELED = 3;
const ACCOUNT = "acct_refunds_saffron";
const GRILL_ID = 2;
const json = async (res: Response) => (await res.json()) as any;

let owner: { cookie: string };
let grillOwner: { cookie: string };
let key: string;
let startCardOrder: Awaited<ReturnType<typeof stripeSaffron>>["startCardOrder"];
let stripePaidOrder: Awaited<ReturnType<typeof stripeSaffron>>["stripePaidOrder"];
beforeAll(async () => {
  ({ startCardOrder, stripePaidOrder } = await stripeSaffron(ACCOUNT));
  owner = await seedMember(1, "owner");
  grillOwner = await seedMember(2, "owner");
  key = await issueRestaurantKey("saffron");
});

const refundCalls = async (intent: string) => (await sentToStripe(ACCOUNT)).filter((r) => r.path === "/v1/refunds" && r.form.payment_intent === intent);

/** A demo-paid order: the demo pay page's Pay. */
async function demoPaidOrder() {
  const { url, order_id } = await startCardOrder(env);
  const res = await site(
    new URL(url).pathname,
    { method: "POST", body: new URLSearchParams({ decision: "pay" }), headers: { "content-type": "application/x-www-form-urlencoded" } },
    env,
  );
  expect(res.status).toBe(303);
  return { order_id };
}

/** A tap on the board (the plain form), with the given provider settings. */
const tap = (who: { cookie: string }, fields: Record<string, string>, environment: Env = stripeEnv()) =>
  site(
    "/console/orders?branch=1",
    {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(fields),
      headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    },
    environment,
  );
const cancelOnBoard = (orderId: number, environment?: Env) => tap(owner, { intent: "move", order_id: String(orderId), status: String(CANCELED) }, environment);
const retryOnBoard = (orderId: number | string, who = owner) => tap(who, { intent: "refund", order_id: String(orderId) });
const orderStatus = (orderId: number, environment: Env, status: unknown = CANCELED) =>
  api("/orderStatus", { domain: "saffron", order_id: orderId, status }, environment, { "x-restaurant-key": key });

// The orders, sessions and refunds are in saffron's own object.
const saffronOrders = ordersOf(SAFFRON_ID);
const refundOf = (orderId: number) =>
  saffronOrders
    .prepare("SELECT provider, amount, currency, status, provider_id, attempts, last_error FROM refunds WHERE order_id = ?")
    .bind(orderId)
    .first<{ provider: string; amount: number; currency: string; status: string; provider_id: string | null; attempts: number; last_error: string | null }>();
/** What the order charged, in minor units (as stored). */
const chargedOf = async (orderId: number) =>
  (await saffronOrders.prepare("SELECT total_minor FROM orders WHERE id = ?").bind(orderId).first<{ total_minor: number }>())!.total_minor;

/** The diner's view of the order, through the order-scoped token its payment session earns. */
async function dinerOrder(session: string, orderId: number, environment: Env) {
  const exchanged = await api("/paymentToken", { domain: "saffron", session }, environment);
  expect(exchanged.status).toBe(200);
  const token = (await json(exchanged)).data.token as string;
  const res = await apiApp.request(`/order/show/${orderId}`, { headers: { authorization: `Bearer ${token}` } }, environment);
  return (await json(res)).data;
}

describe("cancelling a Stripe-paid order", { timeout: 60_000 }, () => {
  it("refunds its PaymentIntent on the restaurant's account, with an idempotency key, and the diner sees it refunded", async () => {
    const { order_id, session, intent } = await stripePaidOrder();
    expect((await saffronOrders.prepare("SELECT payment_intent FROM payment_sessions WHERE id = ?").bind(session.id).first())!.payment_intent).toBe(intent);
    const res = await cancelOnBoard(order_id);
    expect(res.status).toBe(200);
    const calls = await refundCalls(intent);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["stripe-account"]).toBe(ACCOUNT);
    expect(calls[0]!.headers["idempotency-key"]).toMatch(new RegExp(`^refund-r${SAFFRON_ID}-order-${order_id}-\\d+-1$`));
    const refund = await refundOf(order_id);
    const amount = await chargedOf(order_id);
    expect(refund).toEqual({
      provider: "stripe",
      amount,
      currency: "AED",
      status: "succeeded",
      provider_id: (calls[0]!.answer as { id: string }).id,
      attempts: 1,
      last_error: null,
    });
    expect((calls[0]!.answer as { amount: number }).amount).toBe(amount);
    const diner = await dinerOrder(session.id, order_id, stripeEnv());
    expect(diner).toMatchObject({ status: CANCELED, refund: { status: "succeeded", amount: amount / 100, demo: false } });
  });

  it("50 concurrent cancels (board taps and orderStatus calls) refund once", async () => {
    const { order_id, intent } = await stripePaidOrder();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? cancelOnBoard(order_id) : orderStatus(order_id, stripeEnv()))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const calls = await refundCalls(intent);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["idempotency-key"]).toMatch(new RegExp(`^refund-r${SAFFRON_ID}-order-${order_id}-\\d+-1$`));
    expect(await refundOf(order_id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("a Stripe 500 leaves a failed refund, shown on the board with Retry refund; 20 concurrent retries refund once", async () => {
    const { order_id, intent } = await stripePaidOrder();
    await fetch(`${inject("standIns")}/_stand-in/stripe/refund-failures`, {
      method: "POST",
      body: new URLSearchParams({ payment_intent: intent, count: "1" }),
    });
    const cancelled = await orderStatus(order_id, stripeEnv());
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({ data: { status: CANCELED, changed: true, refund: { status: "failed" } } });
    expect(await refundOf(order_id)).toMatchObject({ status: "failed", attempts: 1, provider_id: null, last_error: expect.stringContaining("500") });
    const html = await (await site("/console/orders?branch=1", { headers: { cookie: owner.cookie } }, stripeEnv())).text();
    expect(html).toContain('data-testid="board-refunds"');
    expect(html).toContain('data-testid="retry-refund"');
    expect(html).toContain("Retry refund");
    // A second cancel does not retry by itself, and another restaurant cannot retry it.
    expect((await orderStatus(order_id, stripeEnv())).status).toBe(200);
    expect((await retryOnBoard(order_id, grillOwner)).status).toBe(404);
    expect(await refundCalls(intent)).toHaveLength(1);

    // 20 concurrent taps on Retry refund: one claims it (200), the others are told it is under way (409).
    const retried = await Promise.all(Array.from({ length: 20 }, () => retryOnBoard(order_id)));
    expect(retried.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const calls = await refundCalls(intent);
    // One key per refund (its row's id) and attempt.
    expect(calls.map((c) => c.headers["idempotency-key"]!.replace(/-\d+-(\d+)$/, "-$1"))).toEqual([
      `refund-r${SAFFRON_ID}-order-${order_id}-1`,
      `refund-r${SAFFRON_ID}-order-${order_id}-2`,
    ]);
    expect(await refundOf(order_id)).toMatchObject({ status: "succeeded", attempts: 2, last_error: null });
    // Done: a further retry is refused (409) and Stripe is not asked again.
    expect((await retryOnBoard(order_id)).status).toBe(409);
    expect(await refundCalls(intent)).toHaveLength(2);
    const after = await (await site("/console/orders?branch=1", { headers: { cookie: owner.cookie } }, stripeEnv())).text();
    expect(after).not.toContain(`data-testid="retry-refund"`);
  });

  it("a stalled attempt (no answer recorded) can be retried; a retry that finds it refunded already records it refunded", async () => {
    const { order_id, intent } = await stripePaidOrder();
    await cancelOnBoard(order_id);
    // As if the first attempt's answer was lost after Stripe refunded: pending, claimed long ago.
    await saffronOrders
      .prepare("UPDATE refunds SET status = 'pending', provider_id = NULL, claimed_at = ? WHERE order_id = ?")
      .bind(Date.now() - 10 * 60_000, order_id)
      .run();
    expect((await retryOnBoard(order_id)).status).toBe(200);
    const calls = await refundCalls(intent);
    expect(calls).toHaveLength(2);
    expect((calls[1]!.answer as { error: { code: string } }).error.code).toBe("charge_already_refunded");
    expect(await refundOf(order_id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("a refund Stripe answers pending is on its way for the diner, then decided by Stripe's refund events (once, on its own account)", async () => {
    const { order_id, session, intent } = await stripePaidOrder();
    await fetch(`${inject("standIns")}/_stand-in/stripe/refund-pending`, { method: "POST", body: new URLSearchParams({ payment_intent: intent }) });
    await cancelOnBoard(order_id);
    const refund = (await refundCalls(intent))[0]!.answer as { id: string };
    expect(await refundOf(order_id)).toMatchObject({ status: "pending", provider_id: refund.id });
    expect(await dinerOrder(session.id, order_id, stripeEnv())).toMatchObject({ refund: { status: "pending" } });
    const board = await (await site("/console/orders?branch=1", { headers: { cookie: owner.cookie } }, stripeEnv())).text();
    expect(board).toContain("on its way");
    // Another account's word about it changes nothing; its own account's does, once.
    await deliver(stripeRefundEvent(refund, "acct_someone_else", "succeeded"));
    expect(await refundOf(order_id)).toMatchObject({ status: "pending" });
    const succeeded = stripeRefundEvent(refund, ACCOUNT, "succeeded");
    await deliver(succeeded);
    expect(await refundOf(order_id)).toMatchObject({ status: "succeeded", provider_id: refund.id });
    await deliver(stripeRefundEvent(refund, ACCOUNT, "failed", "refund.failed"));
    expect(await refundOf(order_id)).toMatchObject({ status: "succeeded" });

    // Another one that fails later: failed, with its retry on the board.
    const other = await stripePaidOrder();
    await fetch(`${inject("standIns")}/_stand-in/stripe/refund-pending`, { method: "POST", body: new URLSearchParams({ payment_intent: other.intent }) });
    await cancelOnBoard(other.order_id);
    const pending = (await refundCalls(other.intent))[0]!.answer as { id: string };
    await deliver(stripeRefundEvent(pending, ACCOUNT, "failed", "refund.failed"));
    expect(await refundOf(other.order_id)).toMatchObject({
      status: "failed",
      provider_id: null,
      last_error: expect.stringContaining("expired_or_canceled_card"),
    });
    const after = await (await site("/console/orders?branch=1", { headers: { cookie: owner.cookie } }, stripeEnv())).text();
    expect(after).toContain(`data-testid="retry-refund"`);
  });

  it("an order paid before PaymentIntents were stored: the refund reads it from the session", async () => {
    const { order_id, session, intent } = await stripePaidOrder({ payment_intent: null });
    expect((await saffronOrders.prepare("SELECT payment_intent FROM payment_sessions WHERE id = ?").bind(session.id).first())!.payment_intent).toBeNull();
    // The stand-in's session is paid (its Pay link), so Stripe's session names its PaymentIntent.
    await fetch(`${inject("standIns")}/c/pay/${session.id}/complete`, { redirect: "manual" });
    await cancelOnBoard(order_id);
    expect(await refundCalls(intent)).toHaveLength(1);
    expect(await refundOf(order_id)).toMatchObject({ status: "succeeded" });
    expect((await saffronOrders.prepare("SELECT payment_intent FROM payment_sessions WHERE id = ?").bind(session.id).first())!.payment_intent).toBe(intent);
  });
});

describe("the demo provider and orders not paid by card", { timeout: 60_000 }, () => {
  it("a demo-paid order cancelled through orderStatus records a DEMO refund, and Stripe is not asked", async () => {
    const before = (await sentToStripe(ACCOUNT)).filter((r) => r.path === "/v1/refunds").length;
    const { order_id } = await demoPaidOrder();
    const res = await orderStatus(order_id, env);
    expect(res.status).toBe(200);
    const amount = await chargedOf(order_id);
    expect(await json(res)).toMatchObject({ data: { order_id, status: CANCELED, changed: true, refund: { status: "succeeded", amount, currency: "AED" } } });
    const refund = await refundOf(order_id);
    expect(refund).toMatchObject({ provider: "demo", amount, status: "succeeded", attempts: 1 });
    expect(refund!.provider_id).toMatch(/^demo_re_/);
    expect((await sentToStripe(ACCOUNT)).filter((r) => r.path === "/v1/refunds").length).toBe(before);
    // The board shows it refunded, marked DEMO.
    const html = await (await site("/console/orders?branch=1", { headers: { cookie: owner.cookie } }, env)).text();
    expect(html).toContain(`Refunded ${(amount / 100).toFixed(2)} AED`);
  });

  it("a pay-at-counter order cancelled refunds nothing; an unpaid card order cannot be cancelled (409) and refunds nothing", async () => {
    const counter = await saffronOrders
      .prepare(
        "INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, total_minor, currency, payment, public_id) VALUES (1, 1, 900, 'Sara', '0501234567', 1200, 'AED', 'otp', ?) RETURNING id",
      )
      .bind(crypto.randomUUID().replaceAll("-", ""))
      .first<{ id: number }>();
    const res = await orderStatus(counter!.id, stripeEnv());
    expect(res.status).toBe(200);
    expect((await json(res)).data.refund).toBeUndefined();
    expect(await refundOf(counter!.id)).toBeNull();
    const { order_id } = await startCardOrder(stripeEnv());
    expect((await orderStatus(order_id, stripeEnv())).status).toBe(409);
    expect(await refundOf(order_id)).toBeNull();
  });
});

describe("the refund's word, live", { timeout: 60_000 }, () => {
  it("reaches the diner's socket on the restaurant's own hub after the cancel itself", async () => {
    const { order_id } = await demoPaidOrder();
    const { public_id } = (await saffronOrders.prepare("SELECT public_id FROM orders WHERE id = ?").bind(order_id).first<{ public_id: string }>())!;
    const diner = await connect(); // saffron's hub (docs/decisions/0038)
    await diner.subscribe(orderChannel(public_id));
    expect((await cancelOnBoard(order_id, env)).status).toBe(200);
    expect(await diner.next()).toEqual({ event: ORDER_STATUS_EVENT, channel: orderChannel(public_id), data: JSON.stringify({ order_id, status: CANCELED }) });
    const told = await diner.next();
    expect(told).toMatchObject({ event: ORDER_STATUS_EVENT, channel: orderChannel(public_id) });
    expect(JSON.parse(told.data as string)).toEqual({ order_id, status: CANCELED, refund: "succeeded" });
  });
});

describe("bad input", () => {
  it("a retry naming no order, a bad id, an order without a refund or of another restaurant is refused with 400/404/409 (orderStatus: 422)", async () => {
    expect((await tap(owner, { intent: "refund" })).status).toBe(400);
    expect((await tap(owner, { intent: "refund", order_id: "abc" })).status).toBe(400);
    expect((await tap(owner, { intent: "refunds", order_id: "1" })).status).toBe(400);
    expect((await retryOnBoard(999_999_999)).status).toBe(404);
    const counter = await saffronOrders
      .prepare(
        "INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, total_minor, currency, payment, status) VALUES (1, 1, 901, 'Sara', '0501234567', 1200, 'AED', 'otp', 3) RETURNING id",
      )
      .first<{ id: number }>();
    expect((await retryOnBoard(counter!.id)).status).toBe(409);
    // grill-house's order, in its own object, under an id saffron's object has no order with (each
    // object numbers its own orders).
    const { top } = (await saffronOrders.prepare("SELECT coalesce(max(id), 0) AS top FROM orders").first<{ top: number }>())!;
    const grill = await ordersOf(GRILL_ID)
      .prepare(
        "INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, total_minor, currency, payment, status) VALUES (?, 2, 3, 902, 'Sara', '0501234567', 1200, 'AED', 'otp', 3) RETURNING id",
      )
      .bind(top + 1000)
      .first<{ id: number }>();
    expect((await retryOnBoard(grill!.id)).status).toBe(404);
    expect((await orderStatus(counter!.id, env, "cancel")).status).toBe(422);
  });
});
