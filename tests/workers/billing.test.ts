// Stripe Billing against the loopback stand-in: Checkout in subscription mode with the trial and the
// plan's price; the billing webhook signed, replayed, tampered and out of order; the lifecycle
// (past due → inactive after the grace period on an injected clock → diners get the inactive page;
// paying reactivates); the Account page for owners only, its portal and its cancel.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { enforceGrace } from "../../worker/directory/lifecycle";
import { ensurePerson } from "../../worker/directory/people";
import { startSession } from "../../worker/directory/sessions";
import { createRestaurant } from "../../worker/console/signup";
import worker from "../../worker/index";
import { PLATFORM, STRIPE_STAND_IN_KEY } from "../stand-ins/stripe";
import type { Recorded } from "../stand-ins/server";
import { stripeSignature } from "../stand-ins/stripe-events";

const BILLING_SECRET = "whsec_billing_stand_in";
const DAY = 86_400_000;
const billingEnv = (extra: Partial<Env> = {}): Env => ({
  ...env,
  STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY,
  STRIPE_WEBHOOK_SECRET: "whsec_payments",
  STRIPE_BILLING_WEBHOOK_SECRET: BILLING_SECRET,
  STRIPE_PRICE_MONTHLY: "price_monthly_test",
  STRIPE_PRICE_ANNUAL: "price_annual_test",
  STRIPE_API_BASE: inject("standIns"),
  ...extra,
});
const site = (path: string, init: RequestInit = {}, environment = billingEnv()) =>
  worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual", ...init }), environment, createExecutionContext());
const platformCalls = async () => (await (await fetch(`${inject("standIns")}/_log/stripe?key=${PLATFORM}`)).json()) as Recorded[];

let seq = 0;
/** A signed-up restaurant on Stripe billing, its owner signed in (cookie), with its subscription's ids. */
async function restaurant(plan: "monthly" | "annual" = "monthly") {
  seq += 1;
  const domain = `billing-${Date.now().toString(36)}-${seq}`;
  const phone = `+97155${String(2_000_000 + seq * 31 + (Date.now() % 1000)).slice(-7)}`;
  const made = await createRestaurant(env, {
    domain,
    name_en: "Billing Bistro",
    name_ar: "مطعم الفوترة",
    country: "AE",
    plan,
    provider: "stripe",
    owner: { phone, name: "Omar" },
  });
  if (typeof made === "string") throw new Error(made);
  const cookie = `console=${await startSession(env.DB, made.personId)}; consoleRestaurant=${made.restaurantId}`;
  return { domain, id: made.restaurantId, cookie, sub: `sub_${domain.replace(/-/g, "_")}`, customer: `cus_${domain.replace(/-/g, "_")}` };
}
type Shop = Awaited<ReturnType<typeof restaurant>>;

const subscriptionRow = (id: number) => env.DB.prepare("SELECT * FROM subscriptions WHERE restaurant_id = ?").bind(id).first<Record<string, unknown>>();
const isActive = async (id: number) => env.DB.prepare("SELECT is_active FROM restaurants WHERE id = ?").bind(id).first<number>("is_active");

const eventJson = (type: string, object: object, created = Math.floor(Date.now() / 1000), id = `evt_${crypto.randomUUID().replace(/-/g, "")}`) =>
  JSON.stringify({ id, object: "event", type, created, livemode: false, data: { object } });
const subscriptionObject = (shop: Shop, status: string, extra: object = {}) => ({
  id: shop.sub,
  object: "subscription",
  status,
  customer: shop.customer,
  cancel_at_period_end: false,
  trial_end: Math.floor((Date.now() + 14 * DAY) / 1000),
  metadata: { restaurant_id: String(shop.id) },
  items: { object: "list", data: [{ id: "si_1", current_period_end: Math.floor((Date.now() + 30 * DAY) / 1000) }] },
  ...extra,
});
const invoiceObject = (shop: Shop) => ({
  id: `in_${shop.domain.replace(/-/g, "_")}`,
  object: "invoice",
  parent: { type: "subscription_details", subscription_details: { subscription: shop.sub } },
});

async function deliver(payload: string, options: { secret?: string; tamper?: (p: string) => string; environment?: Env } = {}) {
  const header = await stripeSignature(payload, options.secret ?? BILLING_SECRET);
  const res = await site(
    "/webhooks/stripe/billing",
    { method: "POST", body: options.tamper ? options.tamper(payload) : payload, headers: { "content-type": "application/json", "stripe-signature": header } },
    options.environment,
  );
  return { status: res.status, body: (await res.json()) as { note?: string; error?: string } };
}

/** The restaurant after Checkout: its ids stored and its trial started, as Stripe tells it. */
async function subscribed(shop: Shop) {
  await deliver(
    eventJson("checkout.session.completed", {
      id: `cs_test_${shop.id}`,
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: String(shop.id),
      customer: shop.customer,
      subscription: shop.sub,
    }),
  );
  await deliver(eventJson("customer.subscription.created", subscriptionObject(shop, "trialing")));
}

describe("sign-up with Stripe Billing", { timeout: 30_000 }, () => {
  it("goes to Checkout in subscription mode with the plan's price, the trial and the restaurant as reference", async () => {
    seq += 1;
    const local = `054${String(3_000_000 + seq).slice(-7)}`;
    const phone = `+971${local.slice(1)}`;
    const environment = billingEnv();
    const headers = { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.77" };
    expect(
      (await site("/signup", { method: "POST", body: new URLSearchParams({ intent: "send-code", phone: local, country: "AE" }), headers }, environment)).status,
    ).toBe(200);
    const code = /(\d{6})/.exec(
      (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(phone).first<{ body: string }>())!.body,
    )![1]!;
    const domain = `stripe-signup-${Date.now().toString(36)}`;
    const res = await site(
      "/signup",
      {
        method: "POST",
        headers,
        body: new URLSearchParams({
          intent: "create",
          name_en: "Stripe Grill",
          name_ar: "مشويات",
          domain,
          country: "AE",
          plan: "annual",
          owner_name: "Sara",
          phone: local,
          code,
        }),
      },
      environment,
    );
    expect(res.status).toBe(302);
    const url = res.headers.get("location")!;
    expect(url).toMatch(new RegExp(`^${inject("standIns")}/c/pay/cs_test_\\w+$`));
    const id = await env.DB.prepare("SELECT id FROM restaurants WHERE domain = ?").bind(domain).first<number>("id");
    const sent = (await platformCalls()).find((r) => (r.answer as { url?: string } | undefined)?.url === url)!;
    expect(sent.headers.authorization).toBe(`Bearer ${STRIPE_STAND_IN_KEY}`);
    expect(sent.headers["stripe-account"]).toBeUndefined();
    expect(sent.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_annual_test",
      "line_items[0][quantity]": "1",
      "subscription_data[trial_period_days]": "14",
      client_reference_id: String(id),
      "subscription_data[metadata][restaurant_id]": String(id),
      success_url: "http://localhost/console?billing=started",
      cancel_url: "http://localhost/console/account?billing=cancelled",
    });
    expect(await subscriptionRow(id!)).toMatchObject({ provider: "stripe", status: "incomplete", plan: "annual" });
  });
});

describe("POST /webhooks/stripe/billing", { timeout: 30_000 }, () => {
  it("stores the customer and subscription, starts the trial, and handles a replay once", async () => {
    const shop = await restaurant();
    // A draft until the trial has really started: a completed Checkout alone starts nothing.
    expect(await isActive(shop.id)).toBe(2);
    await deliver(
      eventJson("checkout.session.completed", {
        id: `cs_test_${shop.id}`,
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: String(shop.id),
        customer: shop.customer,
        subscription: shop.sub,
      }),
    );
    expect(await isActive(shop.id)).toBe(2);
    await subscribed(shop);
    expect(await isActive(shop.id)).toBe(1);
    expect(await subscriptionRow(shop.id)).toMatchObject({
      status: "trialing",
      customer_id: shop.customer,
      subscription_id: shop.sub,
      cancel_at_period_end: 0,
    });
    expect((await subscriptionRow(shop.id))!.trial_ends_at).toBeGreaterThan(Date.now() + 13 * DAY);

    const activated = eventJson("customer.subscription.updated", subscriptionObject(shop, "active"));
    expect((await deliver(activated)).body.note).toBe("applied");
    expect((await deliver(activated)).body.note).toBe("duplicate");
    expect((await subscriptionRow(shop.id))!.status).toBe("active");
  });

  it("refuses unsigned, wrongly signed and tampered events (400) and changes nothing", async () => {
    const shop = await restaurant();
    await subscribed(shop);
    const payload = eventJson("customer.subscription.deleted", subscriptionObject(shop, "canceled"));
    expect((await deliver(payload, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(payload, { tamper: (p) => p.replace(shop.sub, "sub_other") })).status).toBe(400);
    const unsigned = await site("/webhooks/stripe/billing", { method: "POST", body: payload, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(400);
    // The payments endpoint's secret is not the billing one.
    expect((await deliver(payload, { secret: "whsec_payments" })).status).toBe(400);
    expect((await subscriptionRow(shop.id))!.status).toBe("trialing");
    expect(await isActive(shop.id)).toBe(1);
  });

  it("orders events by their time: an older update arriving after a newer one changes nothing", async () => {
    const shop = await restaurant();
    await subscribed(shop);
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(eventJson("customer.subscription.updated", subscriptionObject(shop, "active"), now + 100))).body.note).toBe("applied");
    expect(
      (await deliver(eventJson("customer.subscription.updated", subscriptionObject(shop, "trialing", { cancel_at_period_end: true }), now + 50))).body.note,
    ).toBe("unchanged");
    expect(await subscriptionRow(shop.id)).toMatchObject({ status: "active", cancel_at_period_end: 0, event_at: (now + 100) * 1000 });
  });

  it("past due → still live during the grace period → inactive after it (diners get the inactive page) → paying reactivates", async () => {
    const shop = await restaurant();
    await subscribed(shop);
    expect((await site(`/${shop.domain}`)).status).toBe(200);
    const failedAt = Math.floor(Date.now() / 1000) + 1;
    expect((await deliver(eventJson("invoice.payment_failed", invoiceObject(shop), failedAt))).body.note).toBe("applied");
    expect(await subscriptionRow(shop.id)).toMatchObject({ status: "past_due", past_due_since: failedAt * 1000 });
    expect(await isActive(shop.id)).toBe(1);

    expect(await enforceGrace(billingEnv(), failedAt * 1000 + 6 * DAY)).not.toContain(shop.domain);
    expect(await isActive(shop.id)).toBe(1);
    expect(await enforceGrace(billingEnv(), failedAt * 1000 + 7 * DAY + 1000)).toContain(shop.domain);
    expect(await isActive(shop.id)).toBe(0);
    const closed = await site(`/${shop.domain}`);
    expect(closed.status).toBe(404);
    expect(await closed.text()).toContain("It might have been eaten!");
    // A second run finds nothing more to do.
    expect(await enforceGrace(billingEnv(), failedAt * 1000 + 8 * DAY)).not.toContain(shop.domain);

    expect((await deliver(eventJson("invoice.paid", invoiceObject(shop), failedAt + 60))).body.note).toBe("applied");
    expect(await subscriptionRow(shop.id)).toMatchObject({ status: "active", past_due_since: null });
    expect(await isActive(shop.id)).toBe(1);
    expect((await site(`/${shop.domain}`)).status).toBe(200);
  });

  it("a deleted subscription makes the restaurant inactive at once; restaurants without one are never touched", async () => {
    const shop = await restaurant();
    await subscribed(shop);
    await deliver(eventJson("customer.subscription.deleted", subscriptionObject(shop, "canceled"), Math.floor(Date.now() / 1000) + 5));
    expect((await subscriptionRow(shop.id))!.status).toBe("canceled");
    expect(await isActive(shop.id)).toBe(0);
    expect(await enforceGrace(billingEnv(), Date.now() + 365 * DAY)).not.toContain("closed-bistro");
    expect(await env.DB.prepare("SELECT is_active FROM restaurants WHERE domain = 'saffron'").first("is_active")).toBe(1);
  });

  it("answers 503 when Stripe Billing is not set up, and ignores connected accounts' events", async () => {
    const shop = await restaurant();
    const payload = eventJson("customer.subscription.updated", subscriptionObject(shop, "active"));
    expect((await deliver(payload, { environment: billingEnv({ STRIPE_PRICE_ANNUAL: "" }) })).status).toBe(503);
    const connected = JSON.stringify({ ...JSON.parse(payload), id: `evt_${crypto.randomUUID().replace(/-/g, "")}`, account: "acct_demo_saffron" });
    expect((await deliver(connected)).body.note).toBe("connected account");
    expect((await subscriptionRow(shop.id))!.status).toBe("incomplete");
  });
});

describe("/console/account", { timeout: 30_000 }, () => {
  async function memberCookie(shop: Shop, role: "manager" | "staff") {
    seq += 1;
    const person = await ensurePerson(env.DB, `+97150${String(4_000_000 + seq * 17 + (Date.now() % 1000)).slice(-7)}`, role);
    await env.DB.prepare("INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (?, ?, ?, ?)").bind(shop.id, person, role, Date.now()).run();
    return `console=${await startSession(env.DB, person)}; consoleRestaurant=${shop.id}`;
  }
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  it("is the owner's only: managers and staff get 403 on the page and its actions", async () => {
    const shop = await restaurant();
    await subscribed(shop);
    const page = await site("/console/account", { headers: { cookie: shop.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Free trial");
    expect(html).toContain("Manage billing");
    for (const role of ["manager", "staff"] as const) {
      const cookie = await memberCookie(shop, role);
      expect((await site("/console/account", { headers: { cookie } })).status, role).toBe(403);
      expect((await site("/console/account", { ...form({ intent: "cancel", confirm: "yes" }), headers: { ...form({}).headers, cookie } })).status, role).toBe(
        403,
      );
    }
    expect((await subscriptionRow(shop.id))!.cancel_at_period_end).toBe(0);
    expect((await site("/console/account")).status).toBe(302);
  });

  it("opens Stripe's customer portal and cancels at the period's end (with confirmation)", async () => {
    const shop = await restaurant();
    await subscribed(shop);
    const headers = { ...form({}).headers, cookie: shop.cookie };
    const portal = await site("/console/account", { ...form({ intent: "manage" }), headers });
    expect(portal.status).toBe(302);
    expect(portal.headers.get("location")).toMatch(new RegExp(`^${inject("standIns")}/p/session/bps_\\w+$`));
    expect(
      (await platformCalls()).some(
        (r) => r.path === "/v1/billing_portal/sessions" && r.form.customer === shop.customer && r.form.return_url === "http://localhost/console/account",
      ),
    ).toBe(true);

    expect((await site("/console/account", { ...form({ intent: "cancel" }), headers })).status).toBe(400);
    expect((await subscriptionRow(shop.id))!.cancel_at_period_end).toBe(0);
    expect((await site("/console/account", { ...form({ intent: "cancel", confirm: "yes" }), headers })).status).toBe(200);
    expect((await platformCalls()).some((r) => r.path === `/v1/subscriptions/${shop.sub}` && r.form.cancel_at_period_end === "true")).toBe(true);
    expect((await subscriptionRow(shop.id))!.cancel_at_period_end).toBe(1);
  });
});
