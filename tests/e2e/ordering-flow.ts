// The ordering steps the browser tests share: filling a cart, reading SMS codes from the demo
// outbox, placing an order by SMS code, paying on the demo page, and the restaurant's status call.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DEV_RESTAURANT_KEYS } from "../../scripts/local-data.ts";
import { api } from "./http";

export async function latestCode(base: string, phone: string): Promise<string> {
  const res = await fetch(`${base}/api/dev/outbox?phone=${phone}`);
  const { data } = (await res.json()) as { data: { body: string }[] };
  return /(\d{6})/.exec(data[0]!.body)![1]!;
}

/** Adds the first available product of the branch's offers to the cart with quantity 2. */
export async function fillCart(page: Page, base: string, lang: "en" | "ar") {
  await page.goto(`${base}/saffron/1/offers?lng=${lang}`);
  await page.waitForLoadState("networkidle");
  await page.locator("[data-testid=product-card] button:not([disabled])").first().click();
  const sheet = page.locator("dialog[open]");
  await sheet.getByRole("button", { name: lang === "en" ? "Increase quantity" : "زيادة الكمية" }).click();
  await sheet.getByRole("button", { name: lang === "en" ? "Add to cart" : "أضف إلى السلة" }).click();
  await page.getByTestId("toast-success").click(); // the toast opens the cart
  await page.waitForURL(/\/saffron\/1\/cart$/);
  await page.getByTestId("cart-line").first().waitFor();
}

/** Orders the cart by SMS code (English) with a fresh phone number; ends on the orders screen showing it, the cart emptied. */
export async function placeOrderBySms(page: Page, base: string): Promise<string> {
  await fillCart(page, base, "en");
  const phone = `0502${String(Date.now()).slice(-6)}`;
  await page.getByLabel("Name", { exact: true }).fill("Sara");
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "Confirm by SMS code" }).click();
  const sheet = page.locator("dialog[open]");
  await sheet.getByText("A verification code has been sent to").waitFor();
  await sheet.getByLabel("Verification code").fill(await latestCode(base, phone));
  await sheet.getByRole("button", { name: "Verify" }).click();
  await expectLandedOnOrder(page);
  return phone;
}

/** After a code order: the orders screen with the thanks, the order's marker gone from the URL once the cart is cleared. */
export async function expectLandedOnOrder(page: Page, path = "/saffron/1") {
  await page
    .waitForURL((url) => url.pathname === `${path}/orders` && url.search === "?justOrdered=true")
    .catch(async (error: Error) => {
      // Say what the diner saw instead (a rare miss under load left only "timed out" to go on).
      const main = (
        await page
          .locator("main")
          .textContent({ timeout: 2000 })
          .catch(() => null)
      )?.slice(0, 400);
      throw new Error(`${error.message}\nat ${page.url()}, showing: ${main}`);
    });
  await page.getByTestId("just-ordered").waitFor();
  await page.getByTestId("order-card").first().waitFor();
  expect(await page.evaluate((key) => localStorage.getItem(key), `cart${path.split("/").at(-1)}`)).toBeNull();
  expect(await page.getByTestId("cart-badge").count()).toBe(0);
}

/**
 * The restaurant's side: POST /api/orderStatus with the demo restaurant's development key
 * (0 pending, 1 in process, 2 ready, 3 canceled; moves follow worker/rules/status-table.ts).
 */
export async function setOrderStatus(base: string, orderId: number, status: number, domain = "saffron"): Promise<number> {
  const res = await fetch(`${base}/api/orderStatus`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-restaurant-key": DEV_RESTAURANT_KEYS[domain]! },
    body: JSON.stringify({ domain, order_id: orderId, status }),
  });
  return res.status;
}

/** A phone number no earlier run used (online orders are limited per phone). */
export const freshPhone = (prefix: string) => `${prefix}${String(Date.now()).slice(-6)}`;

/** On the demo pay page (in the diner's language): reads the order's number, pays, and waits for the orders screen. */
export async function payOnDemoPage(page: Page): Promise<string> {
  await page.waitForURL(/\/api\/pay\//);
  const number = (await page.getByTestId("demo-order").getAttribute("data-number"))!;
  await page.locator('button[value="pay"]').click();
  // The return is exchanged for the order's token, then the marker leaves the URL once the order shows.
  await page.waitForURL(/\/saffron\/1\/orders\?justOrdered=true$/);
  return number;
}

/** The paid order is the one card, with its number and status, and the device's cart is empty. */
export async function expectPaidOrder(page: Page, number: string, status: string): Promise<Locator> {
  const card = page.getByTestId("order-card");
  await card.first().waitFor();
  expect(await card.count()).toBe(1);
  expect(await card.textContent()).toContain(number);
  expect(await card.textContent()).toContain(status);
  // The screen forgets the cart once it shows the order (its code may still be on its way).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("cart1"))).toBeNull();
  await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0);
  return card;
}

/**
 * An order stored through the API as a diner's phone places one at saffron's Marina branch: a code by
 * SMS (the demo outbox), then storeOrder with the token it earned. Orders live in the restaurant's own
 * object, so a test that needs one makes it the way diners do.
 */
export async function storeOrderByApi(base: string, order: { name: string; phone: string; table_id: number; items: { product_id: number; amount: number }[] }) {
  const [a, b] = crypto.getRandomValues(new Uint8Array(2));
  const who = { "cf-connecting-ip": `10.77.${a}.${b! || 1}` };
  const diner = { domain: "saffron", branch_id: 1, name: order.name, phone: order.phone };
  await api(base, "sendOtp", diner, who);
  const { token } = await api<{ token: string }>(base, "verifyOtp", { ...diner, otp_code: await latestCode(base, order.phone) }, who);
  return api<{ order_id: number; num_order: number; price: number }>(
    base,
    "storeOrder",
    { domain: "saffron", branch_id: 1, items: order.items, note: "", table_id: order.table_id },
    { ...who, authorization: `Bearer ${token}` },
  );
}
