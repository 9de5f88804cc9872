// Saffron (the demo restaurant, AED) paying through the loopback Stripe stand-in, for the refund tests: branch 1
// takes cards on a connected account of the test file's own (another file's orders have the same ids, so the
// same idempotency keys, which Stripe and the stand-in scope by account); a card order placed through
// /orderPayment and paid by Stripe's signed word, as Stripe would say it.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, inject } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { bumpTenantVersion } from "../../worker/directory/versions";
import worker from "../../worker/index";
import type { Recorded } from "../stand-ins/server";
import { paymentIntentOf, STRIPE_STAND_IN_KEY, type StandInSession } from "../stand-ins/stripe";
import { stripeEvent, stripeSignature } from "../stand-ins/stripe-events";
import { catalogueRow, catalogueRun } from "./catalogue";
import { SAFFRON_ID } from "./restaurant-rows";

const WEBHOOK_SECRET = "whsec_test_stand_in";
export const stripeEnv = (): Env => ({
  ...env,
  STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: inject("standIns"),
});
export const site = (path: string, init: RequestInit, environment: Env) =>
  worker.fetch(new Request(`http://localhost${path}`, init), environment, createExecutionContext());
export const api = (path: string, body: unknown, environment: Env, headers: Record<string, string> = {}) =>
  apiApp.request(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }, environment);
/** What the stand-in was sent on `account`, and its answers. */
export const sentToStripe = async (account: string) => (await (await fetch(`${inject("standIns")}/_log/stripe?key=${account}`)).json()) as Recorded[];

/** Delivers a Stripe event, signed with the site's webhook secret; Stripe is told 200. */
export async function deliver(payload: string) {
  const header = await stripeSignature(payload, WEBHOOK_SECRET);
  const res = await site(
    "/webhooks/stripe",
    { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": header } },
    stripeEnv(),
  );
  expect(res.status).toBe(200);
}

let seq = 0;
const fresh = () => {
  seq += 1;
  return { phone: `057${String(Date.now() % 10_000).padStart(4, "0")}${String(seq % 1000).padStart(3, "0")}`, ip: `203.0.116.${seq % 250}` };
};

/** Saffron's branch 1 takes cards on `account` (call once, before the file's tests): how to place and pay its orders. */
export async function stripeSaffron(account: string) {
  const product = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!;
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET payment_mode = 'both', active_order = 1 WHERE id = 1");
  await env.DB.prepare("UPDATE restaurants SET stripe_account_id = ? WHERE domain = 'saffron'").bind(account).run();
  await bumpTenantVersion(env, "saffron"); // the directory's cached row is read afresh

  /** A card order (two of one dish) at branch 1 through `environment`'s provider: its id and the provider's page. */
  async function startCardOrder(environment: Env) {
    const who = fresh();
    const res = await api(
      "/orderPayment",
      {
        domain: "saffron",
        branch_id: 1,
        items: JSON.stringify([{ product_id: product.id, amount: 2 }]),
        nameCustomer: "Layla",
        phoneCustomer: who.phone,
        success_url: "http://localhost/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
        cancel_url: "http://localhost/saffron/1/cart?cancelled=true",
        lang: "en",
      },
      environment,
      { "cf-connecting-ip": who.ip },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { url: string; order_id: number } }).data;
  }

  /** A Stripe-paid order: the session made on the stand-in, then Stripe's signed word that it is paid. */
  async function stripePaidOrder(event: { payment_intent?: string | null } = {}) {
    const { url, order_id } = await startCardOrder(stripeEnv());
    const session = (await sentToStripe(account)).map((r) => r.answer as StandInSession).find((s) => s?.url === url)!;
    await deliver(stripeEvent(session, event));
    return { order_id, session, intent: paymentIntentOf(session) };
  }
  return { startCardOrder, stripePaidOrder };
}
