// Card amounts in a three-decimal currency through Stripe Checkout (docs/decisions/0060):
// Stripe takes KWD, BHD, OMR and JOD amounts only with a last digit 0, so a Kuwaiti order's lines, service
// charge and tip are each on the 10-fils step, and the charge, the stored order and its invoice agree to
// the fils. Against the loopback stand-in of Stripe's API, which refuses other amounts as Stripe does.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { createRestaurant } from "../../worker/console/signup";
import worker from "../../worker/index";
import { STRIPE_STAND_IN_KEY, type StandInSession } from "../stand-ins/stripe";
import type { Recorded } from "../stand-ins/server";
import { stripeEvent, stripeSignature } from "../stand-ins/stripe-events";
import { catalogueRow, catalogueRun } from "./catalogue";
import { ordersOf } from "./restaurant-rows";

const WEBHOOK_SECRET = "whsec_test_stand_in";
const stripeEnv = (): Env => ({
  ...env,
  STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: inject("standIns"),
});
const json = async (res: Response) => (await res.json()) as any;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  apiApp.request(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }, stripeEnv());
const sentToStripe = async (account: string) => (await (await fetch(`${inject("standIns")}/_log/stripe?key=${account}`)).json()) as Recorded[];
/** A signed webhook delivery through the whole worker. */
async function deliver(payload: string) {
  const init = {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": await stripeSignature(payload, WEBHOOK_SECRET) },
  };
  return worker.fetch(new Request("http://localhost/webhooks/stripe", init), stripeEnv(), createExecutionContext());
}

describe("a KWD card order with an option and a tip", { timeout: 30_000 }, () => {
  it("sends Stripe only multiples of 10 fils, and the charge, the order and its invoice agree to the fils", async () => {
    const made = await createRestaurant(env, {
      domain: "kwd-grill",
      name_en: "KWD Grill",
      name_ar: "مشويات الكويت",
      country: "KW",
      plan: "monthly",
      provider: "demo",
      owner: { phone: "+96565000222", name: "Owner" },
    });
    if (typeof made === "string") throw new Error(made);
    const id = made.restaurantId;
    await env.DB.prepare("UPDATE restaurants SET is_active = 1, stripe_account_id = 'acct_kwd_grill' WHERE id = ?").bind(id).run();
    const branch = (await catalogueRow<{ id: number }>(id, "SELECT id FROM branches LIMIT 1"))!.id;
    await catalogueRun(id, "UPDATE branches SET payment_mode = 'both', time_zone = 'Asia/Kuwait' WHERE id = ?", branch);
    const menu = (await catalogueRow<{ id: number }>(id, "SELECT id FROM menus LIMIT 1"))!.id;
    const category = (await catalogueRow<{ id: number }>(
      id,
      "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Grill', 'مشاوي') RETURNING id",
      menu,
    ))!.id;
    // A dish at 1.234 KWD and an extra at 0.125, as written before the editor refused them: 1.359 a unit, not on Stripe's 10-fils step.
    const dish = (await catalogueRow<{ id: number }>(
      id,
      "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Kebab', 'كباب', 1234) RETURNING id",
      category,
    ))!.id;
    const group = (await catalogueRow<{ id: number }>(
      id,
      "INSERT INTO options (product_id, name_en, name_ar) VALUES (?, 'Extras', 'إضافات') RETURNING id",
      dish,
    ))!.id;
    const extra = (await catalogueRow<{ id: number }>(
      id,
      "INSERT INTO sub_options (option_id, name_en, name_ar, price_minor) VALUES (?, 'Cheese', 'جبنة', 125) RETURNING id",
      group,
    ))!.id;
    // 5 % service, tips taken.
    await catalogueRun(id, "INSERT INTO seller (restaurant_id, service_bp, tips) VALUES (?, 500, '[1000]')", id);
    const order = (tip: string) =>
      post(
        "/orderPayment",
        {
          domain: "kwd-grill",
          branch_id: branch,
          items: JSON.stringify([{ product_id: dish, amount: 2, sub_option_id: [extra] }]),
          nameCustomer: "Fahad",
          phoneCustomer: "+96565551234",
          success_url: `https://menu.example.com/kwd-grill/${branch}/orders?paid={CHECKOUT_SESSION_ID}`,
          cancel_url: `https://menu.example.com/kwd-grill/${branch}/cart`,
          lang: "en",
          tip,
        },
        { "cf-connecting-ip": "203.0.116.7" },
      );
    // A tip off the step is refused as typed (the cart rounds it visibly before sending: 0.275 → 0.280).
    const offStep = await order("0.275");
    expect(offStep.status).toBe(422);
    expect((await json(offStep)).errors).toEqual({ tip: ["step"] });
    const res = await order("0.280");
    expect(res.status).toBe(200);
    const data = (await json(res)).data as { url: string; order_id: number };
    const sent = (await sentToStripe("acct_kwd_grill")).find((r) => (r.answer as StandInSession | undefined)?.url === data.url)!;
    // 1.359 → 1.360 a unit (× 2 = 2.720), service 0.136 → 0.140, tip 0.280: 3.140 KWD.
    expect(sent.form).toMatchObject({
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "kwd",
      "line_items[0][price_data][unit_amount]": "1360",
      "line_items[1][price_data][unit_amount]": "140",
      "line_items[2][price_data][unit_amount]": "280",
    });
    const session = sent.answer as StandInSession;
    expect(session.amount_total).toBe(3140);
    const orders = ordersOf(id);
    expect(await orders.prepare("SELECT total_minor, service_minor, tip_minor, currency FROM orders WHERE id = ?").bind(data.order_id).first()).toEqual({
      total_minor: 3140,
      service_minor: 140,
      tip_minor: 280,
      currency: "KWD",
    });
    expect(await orders.prepare("SELECT unit_minor FROM order_items WHERE order_id = ?").bind(data.order_id).first()).toEqual({ unit_minor: 1360 });
    // Paid: the invoice holds the charge to the fils.
    expect((await deliver(stripeEvent(session))).status).toBe(200);
    expect(await orders.prepare("SELECT total_minor, tip_minor FROM invoices WHERE order_id = ?").bind(data.order_id).first()).toEqual({
      total_minor: 3140,
      tip_minor: 280,
    });
    // The stand-in refuses, as Stripe does, a KWD amount whose last digit is not 0.
    const refused = await fetch(`${inject("standIns")}/v1/checkout/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${STRIPE_STAND_IN_KEY}`, "stripe-account": "acct_kwd_grill", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        mode: "payment",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "kwd",
        "line_items[0][price_data][unit_amount]": "1359",
        "line_items[0][price_data][product_data][name]": "Kebab",
        success_url: "https://menu.example.com/ok",
        cancel_url: "https://menu.example.com/no",
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("must be divisible by 10");
  });
});
