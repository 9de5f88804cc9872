// Card payments through Stripe Checkout, against the loopback stand-in of Stripe's API: the session is
// made on the restaurant's own account from the server's pricing, and the order becomes paid only
// through a correctly signed webhook (replayed, tampered, late, out of order and concurrent ones too).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import worker from "../../worker/index";
import { minorUnits } from "../../worker/rules/money";
import { STRIPE_STAND_IN_KEY, type StandInSession } from "../stand-ins/stripe";
import type { Recorded } from "../stand-ins/server";
import { stripeEvent, stripeSignature } from "../stand-ins/stripe-events";
import { catalogueRow, catalogueRun } from "./catalogue";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";
import { bumpTenantVersion } from "../../worker/directory/versions";

const WEBHOOK_SECRET = "whsec_test_stand_in";
const stripeEnv = (extra: Partial<Env> = {}): Env => ({
  ...env,
  STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: inject("standIns"),
  ...extra,
});

let seq = 0;
const fresh = () => {
  seq += 1;
  return { phone: `058${String(Date.now() % 10_000).padStart(4, "0")}${String(seq % 1000).padStart(3, "0")}`, ip: `203.0.115.${seq % 250}` };
};
const json = async (res: Response) => (await res.json()) as any;
const post = (path: string, body: unknown, environment: Env, headers: Record<string, string> = {}) =>
  apiApp.request(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }, environment);

let product: { id: number; price: number; price_offer: number; name_en: string };
beforeAll(async () => {
  product = (await catalogueRow<typeof product>(
    SAFFRON_ID,
    "SELECT p.id, p.price_minor / 100.0 AS price, p.offer_minor / 100.0 AS price_offer, p.name_en FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!;
  // Branch 1 takes cards and codes.
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET payment_mode = 'both', active_order = 1 WHERE id = 1");
});

/** Starts a card order at saffron, branch 1. */
async function cardOrder(environment = stripeEnv(), who = fresh(), key?: string) {
  return post(
    "/orderPayment",
    {
      domain: "saffron",
      branch_id: 1,
      items: JSON.stringify([{ product_id: product.id, amount: 2 }]),
      nameCustomer: "Layla",
      phoneCustomer: who.phone,
      success_url: "https://menu.example.com/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
      cancel_url: "https://menu.example.com/saffron/1/cart?cancelled=true",
      lang: "ar",
    },
    environment,
    { "cf-connecting-ip": who.ip, ...(key ? { "idempotency-key": key } : {}) },
  );
}

const sentToStripe = async (account: string) => (await (await fetch(`${inject("standIns")}/_log/stripe?key=${account}`)).json()) as Recorded[];

async function startedSession() {
  const res = await cardOrder();
  expect(res.status).toBe(200);
  const data = (await json(res)).data as { url: string; order_id: number };
  const session = (await sentToStripe("acct_demo_saffron")).map((r) => r.answer as StandInSession).find((s) => s?.url === data.url)!;
  return { order_id: data.order_id, session };
}

async function deliver(payload: string, options: { secret?: string; timestamp?: number; tamper?: (p: string) => string; environment?: Env } = {}) {
  const header = await stripeSignature(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  return site(
    "/webhooks/stripe",
    { method: "POST", body: options.tamper ? options.tamper(payload) : payload, headers: { "content-type": "application/json", "stripe-signature": header } },
    options.environment,
  );
}
/** The whole worker (host checks, routing) with Stripe's settings. */
const site = (path: string, init: RequestInit, environment = stripeEnv()) =>
  worker.fetch(new Request(`http://localhost${path}`, init), environment, createExecutionContext());
// Saffron's orders, payment sessions and Stripe events are in its own object.
const saffronOrders = ordersOf(SAFFRON_ID);
const orderRow = (id: number) => saffronOrders.prepare("SELECT paid, status FROM orders WHERE id = ?").bind(id).first<{ paid: number; status: number }>();

describe("POST /orderPayment with Stripe", { timeout: 30_000 }, () => {
  it("creates a Checkout Session on the restaurant's own account, priced by the server, and stores its id with the order", async () => {
    const res = await cardOrder();
    expect(res.status).toBe(200);
    const data = (await json(res)).data as { url: string; order_id: number };
    expect(data.url).toMatch(new RegExp(`^${inject("standIns")}/c/pay/cs_test_\\w+$`));
    const sent = (await sentToStripe("acct_demo_saffron")).find((r) => (r.answer as StandInSession | undefined)?.url === data.url)!;
    expect(sent.headers.authorization).toBe(`Bearer ${STRIPE_STAND_IN_KEY}`);
    expect(sent.headers["stripe-account"]).toBe("acct_demo_saffron");
    expect(sent.headers["idempotency-key"]).toBe(`checkout-r${SAFFRON_ID}-order-${data.order_id}-0`);
    const unit = product.price_offer > 0 ? product.price_offer : product.price;
    expect(sent.form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "aed",
      "line_items[0][price_data][unit_amount]": String(minorUnits(unit, "AED")),
      success_url: "https://menu.example.com/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
      cancel_url: "https://menu.example.com/saffron/1/cart?cancelled=true",
      client_reference_id: String(data.order_id),
      "metadata[order_id]": String(data.order_id),
    });
    // The diner's language names the lines.
    const arabic = (await catalogueRow<{ name_ar: string }>(SAFFRON_ID, "SELECT name_ar FROM products WHERE id = ?", product.id))!.name_ar;
    expect(sent.form["line_items[0][price_data][product_data][name]"]).toBe(arabic);
    const session = sent.answer as StandInSession;
    const stored = await saffronOrders.prepare("SELECT provider, order_id, status FROM payment_sessions WHERE id = ?").bind(session.id).first();
    expect(stored).toEqual({ provider: "stripe", order_id: data.order_id, status: "open" });
    expect(await orderRow(data.order_id)).toEqual({ paid: 0, status: 0 });
  });

  it("a retry of the same order (same Idempotency-Key) goes back to the same page, without a second session", async () => {
    const who = fresh();
    const first = (await json(await cardOrder(stripeEnv(), who, "retry-key-1"))).data;
    const before = (await sentToStripe("acct_demo_saffron")).length;
    const again = (await json(await cardOrder(stripeEnv(), who, "retry-key-1"))).data;
    expect(again).toMatchObject({ order_id: first.order_id, url: first.url });
    expect((await sentToStripe("acct_demo_saffron")).length).toBe(before);
  });

  it("is used whatever DEMO_PROVIDERS says; half set up, or without a provider, refuses with 503", async () => {
    const withDemo = (await json(await cardOrder(stripeEnv({ DEMO_PROVIDERS: "on" })))).data.url as string;
    expect(withDemo).not.toContain("/api/pay/");
    for (const half of [stripeEnv({ STRIPE_WEBHOOK_SECRET: "" }), stripeEnv({ STRIPE_SECRET_KEY: "" })]) {
      const res = await cardOrder(half);
      expect(res.status).toBe(503);
      expect(await json(res)).toMatchObject({ errorCode: "payment_unavailable" });
    }
    const none = await cardOrder({ ...env, DEMO_PROVIDERS: "" });
    expect(none.status).toBe(503);
  });

  it("a restaurant without a connected account takes no card payment: 409, and its branches are served without it", async () => {
    await env.DB.prepare("UPDATE restaurants SET stripe_account_id = NULL WHERE domain = 'saffron'").run();
    await bumpTenantVersion(env, "saffron"); // the directory's cached row is read afresh
    try {
      const res = await cardOrder();
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ errorCode: "payment_mode" });
      const branches = (await json(await post("/getBranch", { domain: "saffron" }, stripeEnv()))).data.branch as { id: number; payment_mode: string }[];
      expect(branches.find((b) => b.id === 1)?.payment_mode).toBe("otp");
      // The demo provider (no Stripe) needs no account.
      const demo = (await json(await post("/getBranch", { domain: "saffron" }, env))).data.branch as { id: number; payment_mode: string }[];
      expect(demo.find((b) => b.id === 1)?.payment_mode).toBe("both");
    } finally {
      await env.DB.prepare("UPDATE restaurants SET stripe_account_id = 'acct_demo_saffron' WHERE domain = 'saffron'").run();
      await bumpTenantVersion(env, "saffron"); // the directory's cached row is read afresh
    }
  });

  it("Stripe failing is a clear 503; the order stays unpaid and unseen, and a retry opens the page", async () => {
    await env.DB.prepare("UPDATE restaurants SET stripe_account_id = 'acct_saffron_fail500' WHERE domain = 'saffron'").run();
    await bumpTenantVersion(env, "saffron"); // the directory's cached row is read afresh
    const who = fresh();
    try {
      const res = await cardOrder(stripeEnv(), who, "fails-then-works");
      expect(res.status).toBe(503);
      expect(await json(res)).toMatchObject({ errorCode: "payment_unavailable" });
    } finally {
      await env.DB.prepare("UPDATE restaurants SET stripe_account_id = 'acct_demo_saffron' WHERE domain = 'saffron'").run();
      await bumpTenantVersion(env, "saffron"); // the directory's cached row is read afresh
    }
    const retry = await cardOrder(stripeEnv(), who, "fails-then-works");
    expect(retry.status).toBe(200);
  });
});

describe("POST /webhooks/stripe", { timeout: 30_000 }, () => {
  it("a correctly signed checkout.session.completed marks the order paid, once", async () => {
    const { order_id, session } = await startedSession();
    const payload = stripeEvent(session);
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(await orderRow(order_id)).toEqual({ paid: 1, status: 0 });
    // Replayed: nothing changes twice.
    expect(await json(await deliver(payload))).toMatchObject({ received: true, note: "duplicate" });
    expect(await orderRow(order_id)).toEqual({ paid: 1, status: 0 });
  });

  it("the success return before the webhook never marks anything paid", async () => {
    const { order_id, session } = await startedSession();
    const exchanged = await post("/paymentToken", { domain: "saffron", session: session.id }, stripeEnv());
    expect(exchanged.status).toBe(200);
    expect(await orderRow(order_id)).toEqual({ paid: 0, status: 0 });
    await deliver(stripeEvent(session));
    expect(await orderRow(order_id)).toEqual({ paid: 1, status: 0 });
  });

  it("refuses a tampered body, another secret, an old timestamp and a missing signature with 400, and changes nothing", async () => {
    const { order_id, session } = await startedSession();
    const payload = stripeEvent(session);
    const tampered = await deliver(payload, { tamper: (p) => p.replace('"payment_status":"paid"', '"payment_status":"paid" ') });
    expect(tampered.status).toBe(400);
    expect((await deliver(payload, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    const unsigned = await site("/webhooks/stripe", { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);
    expect(await orderRow(order_id)).toEqual({ paid: 0, status: 0 });
  });

  it("50 concurrent deliveries of one event: all answered, the order paid once, the event recorded once", async () => {
    const { order_id, session } = await startedSession();
    const payload = stripeEvent(session);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await orderRow(order_id)).toEqual({ paid: 1, status: 0 });
    const id = JSON.parse(payload).id as string;
    expect((await saffronOrders.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(id).first<{ n: number }>())!.n).toBe(1);
  });

  it("a completed session whose payment is still on the way waits for async_payment_succeeded", async () => {
    const { order_id, session } = await startedSession();
    expect((await deliver(stripeEvent(session, { payment_status: "unpaid" }))).status).toBe(200);
    expect(await orderRow(order_id)).toEqual({ paid: 0, status: 0 });
    await deliver(stripeEvent(session, { type: "checkout.session.async_payment_succeeded" }));
    expect(await orderRow(order_id)).toEqual({ paid: 1, status: 0 });
  });

  it("an expired (or failed) session cancels the unpaid order; a completed event arriving after it changes nothing", async () => {
    const expired = await startedSession();
    await deliver(stripeEvent(expired.session, { type: "checkout.session.expired", payment_status: "unpaid" }));
    expect(await orderRow(expired.order_id)).toEqual({ paid: 0, status: 3 });
    await deliver(stripeEvent(expired.session));
    expect(await orderRow(expired.order_id)).toEqual({ paid: 0, status: 3 });
    const failed = await startedSession();
    await deliver(stripeEvent(failed.session, { type: "checkout.session.async_payment_failed", payment_status: "unpaid" }));
    expect(await orderRow(failed.order_id)).toEqual({ paid: 0, status: 3 });
  });

  it("ignores another account's event for our session, an unknown session and other event types (200, nothing changes)", async () => {
    const { order_id, session } = await startedSession();
    // Another account's restaurants hold no such session: the event finds none to act on.
    expect(await json(await deliver(stripeEvent(session, { account: "acct_someone_else" })))).toMatchObject({ note: "unknown session" });
    expect(await json(await deliver(stripeEvent(session, { account: null })))).toMatchObject({ note: "ignored" });
    expect(await json(await deliver(stripeEvent({ ...session, id: "cs_test_not_ours_000000000000" })))).toMatchObject({ note: "unknown session" });
    expect(await json(await deliver(stripeEvent(session, { type: "payment_intent.created" })))).toMatchObject({ note: "ignored" });
    expect(await orderRow(order_id)).toEqual({ paid: 0, status: 0 });
  });

  it("without Stripe set up the endpoint is 503 (Stripe retries); with an external backend (UPSTREAM_URL) it does not exist", async () => {
    const { session } = await startedSession();
    expect((await deliver(stripeEvent(session), { environment: { ...env } })).status).toBe(503);
    expect((await deliver(stripeEvent(session), { environment: stripeEnv({ UPSTREAM_URL: "https://backend.example/api" }) })).status).toBe(404);
  });

  it("a malformed but signed body is 400, not 500", async () => {
    for (const payload of ["not json", JSON.stringify({ id: "evt_1", type: "checkout.session.completed" }), "[]"]) {
      const res = await deliver(payload);
      expect(res.status, payload).toBe(400);
    }
  });
});

describe("a card order with a service charge and a tip", { timeout: 30_000 }, () => {
  it("charges exactly the stored total: the dishes, the service charge and the tip each a line, in minor units", async () => {
    // Saffron charges 10 % service and takes tips, for this test only.
    await catalogueRun(SAFFRON_ID, "INSERT INTO seller (restaurant_id, service_bp, tips) VALUES (1, 1000, '[1000]')");
    try {
      const who = fresh();
      const res = await post(
        "/orderPayment",
        {
          domain: "saffron",
          branch_id: 1,
          items: JSON.stringify([{ product_id: product.id, amount: 3 }]),
          nameCustomer: "Layla",
          phoneCustomer: who.phone,
          success_url: "https://menu.example.com/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
          cancel_url: "https://menu.example.com/saffron/1/cart?cancelled=true",
          lang: "en",
          tip: "4.5",
        },
        stripeEnv(),
        { "cf-connecting-ip": who.ip },
      );
      expect(res.status).toBe(200);
      const data = (await json(res)).data as { url: string; order_id: number };
      const form = (await sentToStripe("acct_demo_saffron")).find((r) => (r.answer as StandInSession | undefined)?.url === data.url)!.form;
      const unit = minorUnits(product.price_offer > 0 ? product.price_offer : product.price, "AED");
      const service = Math.round((unit * 3) / 10);
      expect(form).toMatchObject({
        "line_items[0][quantity]": "3",
        "line_items[0][price_data][unit_amount]": String(unit),
        "line_items[1][price_data][product_data][name]": "Service charge",
        "line_items[1][price_data][unit_amount]": String(service),
        "line_items[2][price_data][product_data][name]": "Tip",
        "line_items[2][price_data][unit_amount]": "450",
      });
      const charged = [0, 1, 2].reduce(
        (sum, i) => sum + Number(form[`line_items[${i}][quantity]`]) * Number(form[`line_items[${i}][price_data][unit_amount]`]),
        0,
      );
      const stored = await saffronOrders.prepare("SELECT total_minor, service_minor, tip_minor FROM orders WHERE id = ?").bind(data.order_id).first();
      expect(stored).toEqual({ total_minor: charged, service_minor: service, tip_minor: 450 });
    } finally {
      await catalogueRun(SAFFRON_ID, "DELETE FROM seller");
    }
  });
});
