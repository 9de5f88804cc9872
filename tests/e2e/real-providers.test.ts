// The site with real providers configured, pointed at local stand-ins of Twilio's and Stripe's HTTP
// APIs (tests/stand-ins): a card order goes to a Checkout Session on the restaurant's own account, and
// shows as paid only after a correctly signed webhook, live on the orders screen; an expired session
// keeps the cart. DEMO_PROVIDERS stays on: a configured real provider wins whatever it says.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serveBuilt, type ServedBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";
import { startStandIns, type Recorded, type StandIns } from "../stand-ins/server.ts";
import { STRIPE_STAND_IN_KEY, type StandInSession } from "../stand-ins/stripe.ts";
import { stripeEvent, stripeSignature, type EventOptions } from "../stand-ins/stripe-events.ts";
import { TWILIO_STAND_IN_TOKEN } from "../stand-ins/twilio.ts";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { expectLandedOnOrder, fillCart, freshPhone } from "./ordering-flow";

const WEBHOOK_SECRET = "whsec_e2e_stand_in";
const TWILIO_SID = "ACe2eproviders";
const browser = sharedBrowser();
let standIns: StandIns;
let served: ServedBuild;

beforeAll(async () => {
  standIns = await startStandIns();
  served = await serveBuilt(
    "tmp/e2e-providers-state",
    (dir) => ({
      ...startVars({}, `${dir}/secrets.vars`),
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_FROM: "+15005550006",
      TWILIO_AUTH_TOKEN: TWILIO_STAND_IN_TOKEN,
      TWILIO_API_BASE: standIns.base,
      STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIns.base,
    }),
    { data: inject("demoData") },
  );
});

afterAll(async () => {
  served?.stop();
  await standIns?.close();
});

const sent = async (provider: "stripe" | "twilio", key: string) => (await (await fetch(`${standIns.base}/_log/${provider}?key=${key}`)).json()) as Recorded[];

/** Stripe's word on a session, signed as Stripe signs it, delivered to the site's endpoint. */
async function webhook(session: StandInSession, options: EventOptions = {}) {
  const payload = stripeEvent(session, options);
  const res = await fetch(`${served.baseUrl}/webhooks/stripe`, {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": await stripeSignature(payload, WEBHOOK_SECRET) },
  });
  expect(res.status).toBe(200);
}

/** Fills the cart, pays on the stand-in's Checkout page, and returns on the orders screen; the session it made. */
async function payOnStripe(page: Page, lang: "en" | "ar"): Promise<StandInSession> {
  await fillCart(page, served.baseUrl, lang);
  await page.getByLabel(lang === "en" ? "Name" : "الاسم", { exact: true }).fill(lang === "en" ? "Layla" : "ليلى");
  await page.getByLabel(lang === "en" ? "Phone" : "رقم الهاتف", { exact: true }).fill(freshPhone("0505"));
  await page.getByRole("button", { name: lang === "en" ? "Pay online by card" : "الدفع بالبطاقة عبر الإنترنت" }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_\w+$/);
  const id = /cs_test_\w+$/.exec(page.url())![0];
  const session = (await sent("stripe", "acct_demo_saffron")).map((r) => r.answer as StandInSession).find((s) => s?.id === id)!;
  expect(session).toBeTruthy();
  await page.getByRole("link", { name: "Pay" }).click();
  await page.waitForURL(/\/saffron\/1\/orders\?justOrdered=true&order=\d+$/);
  return session;
}

describe("codes by SMS through Twilio (stand-in)", () => {
  it("a code reaches Twilio as an E.164 message in the diner's language, with no DEMO on screen, and orders (Arabic)", { timeout: 90_000 }, async () => {
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await fillCart(page, served.baseUrl, "ar");
    const local = `050${String(Date.now()).slice(-7)}`;
    await page.getByLabel("الاسم", { exact: true }).fill("سارة");
    await page.getByLabel("رقم الهاتف", { exact: true }).fill(local);
    await page.getByRole("button", { name: "التأكيد برمز SMS" }).click();
    const sheet = page.locator("dialog[open]");
    await sheet.getByText("تم إرسال رمز التحقق إلى").waitFor();
    const message = (await sent("twilio", TWILIO_SID)).find((m) => m.form.To === `+971${local.slice(1)}`)!;
    expect(message.form.From).toBe("+15005550006");
    expect(message.form.Body).toMatch(/^\d{6} رمز التحقق/);
    // A real provider sent it: nothing in the demo outbox, and no DEMO note on the sheet.
    expect(await sheet.getByTestId("otp-demo").count()).toBe(0);
    const outbox = (await (await fetch(`${served.baseUrl}/api/dev/outbox?phone=${local}`)).json()) as { data: unknown[] };
    expect(outbox.data).toEqual([]);
    await sheet.getByLabel("رمز التحقق").fill(/(\d{6})/.exec(message.form.Body!)![1]!);
    await sheet.getByRole("button", { name: "تحقق" }).click();
    await expectLandedOnOrder(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("card payments through Stripe Checkout (stand-in)", () => {
  it("the order shows as confirming until the signed webhook lands, then paid, live, with the cart cleared (English)", { timeout: 90_000 }, async () => {
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const session = await payOnStripe(page, "en");
    // The session was made on the restaurant's account, in its currency, from the server's prices.
    expect(session.account).toBe("acct_demo_saffron");
    expect(session.currency).toBe("aed");
    expect(session.amount_total).toBeGreaterThan(0);

    // The return marked nothing paid: the screen says so and the cart is kept.
    await page.getByTestId("confirming-payment").waitFor();
    expect(await page.getByTestId("order-card").textContent()).toContain("confirming payment");
    expect(await page.getByTestId("just-ordered").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("cart1"))).not.toBeNull();
    await page.locator("main[data-live=true]").waitFor();
    await shoot(page, "orders-confirming-payment-en-light");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await webhook(session);
    await page.getByTestId("just-ordered").waitFor({ timeout: 10_000 });
    await page.waitForURL(/\/saffron\/1\/orders\?justOrdered=true$/);
    expect(await page.getByTestId("confirming-payment").count()).toBe(0);
    expect(await page.getByTestId("order-card").textContent()).toContain("Received");
    expect(await page.evaluate(() => localStorage.getItem("cart1"))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an expired session says the payment was not completed and keeps the cart (Arabic, dark)", { timeout: 90_000 }, async () => {
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "dark" });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const session = await payOnStripe(page, "ar");
    await page.getByTestId("confirming-payment").waitFor();
    await page.locator("main[data-live=true]").waitFor();
    await shoot(page, "orders-confirming-payment-ar-dark");
    await webhook(session, { type: "checkout.session.expired", payment_status: "unpaid" });
    await page.getByTestId("payment-failed").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("order-card").textContent()).toContain("ملغى");
    expect(await page.evaluate(() => localStorage.getItem("cart1"))).not.toBeNull();
    await shoot(page, "orders-payment-failed-ar-dark");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "العودة إلى السلة" }).click();
    await page.getByTestId("cart-line").first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
