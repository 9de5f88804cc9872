// The ordering calls (worker/upstream/ordering.ts) against a failing external restaurant API, in a
// real browser: a second instance of the e2e build whose UPSTREAM_URL is a fault proxy in front of
// the first instance's embedded API, faulting only the call under test while the catalogue and the
// code calls stay healthy. The diner sees 'orderError' and keeps the cart, and a retry once the API
// heals makes one order, not two. See docs/decisions/0009-fault-proxy-tests.md.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import en from "../../app/locales/en";
import ordering from "../../app/locales/ordering/en";
import { serveBuilt, type ServedBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";
import { PHONE, sharedBrowser, watchConsole, ownAddress } from "./browser";
import { startFaultProxy, type Fault, type FaultProxy } from "./fault-proxy";
import { api } from "./http";
import { expectLandedOnOrder, fillCart, latestCode } from "./ordering-flow";

const upstream = inject("baseUrl");
const browser = sharedBrowser();
const BRANCH = 1;
const CART_KEY = `cart${BRANCH}`;
// 500, timeout and bad-json never reach the API; late and wrong-shape reach it and lose its answer.
const FAULTS: Fault[] = ["500", "timeout", "late", "bad-json", "wrong-shape"];
const ACTED: Fault[] = ["late", "wrong-shape"];
const STACK = /UpstreamError|timed out after|answered (?:a |an |\d)|\bat \S+ \(|\.[cm]?[jt]s:\d+:\d+/;

let proxy: FaultProxy;
let served: ServedBuild | undefined;
let context: BrowserContext | undefined;
let page: Page;
let problems: string[] = [];
let cart = ""; // the filled cart as the device stores it, put back before each case
let diners = 0;

beforeAll(async () => {
  proxy = await startFaultProxy(upstream);
  // 3 s: the hanging faults give up in it, and a healthy call on a busy two-core machine fits (at 800 ms
  // the orders list after a healed order timed out once in CI, and the screen never confirmed it).
  served = await serveBuilt(
    "tmp/e2e-ordering-faults-state",
    (dir) => ({
      ...startVars({}, `${dir}/secrets.vars`),
      UPSTREAM_URL: proxy.url,
      UPSTREAM_TIMEOUT_MS: "3000",
    }),
    { data: inject("demoData") },
  );
  context = await browser().newContext({ ...ownAddress(), viewport: PHONE });
  await context.addInitScript(recordToasts);
  page = await context.newPage();
  problems = watchConsole(page);
  await fillCart(page, served.baseUrl, "en");
  cart = (await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "";
});

afterAll(async () => {
  await context?.close();
  served?.stop();
  await proxy?.close();
});

/**
 * Every toast a document showed ("toast-error: There was an error…"), in window.__toasts. A cart or
 * order toast lasts 2 s, which a busy machine can spend between two looks of a test; the record cannot
 * be missed.
 */
function recordToasts() {
  const seen: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = seen;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll("[data-testid^='toast-']")) {
      const text = `${toast.getAttribute("data-testid")}: ${toast.textContent}`;
      if (!seen.includes(text)) seen.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Waits until this document has shown a toast of `type` containing `text`. */
async function expectToast(type: "error" | "success", text: string | RegExp) {
  const shown = () => page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
  const matches = (t: string) => t.startsWith(`toast-${type}: `) && (typeof text === "string" ? t.includes(text) : text.test(t));
  await expect.poll(async () => (await shown()).some(matches), { timeout: 15_000 }).toBe(true);
}

const site = (path: string) => `${served!.baseUrl}/saffron/${BRANCH}${path}`;

/** The cart page with the filled cart and a new diner's name and phone typed in; the upstream healthy. */
async function openCart(): Promise<string> {
  proxy.set("healthy");
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, cart]);
  await page.goto(site("/cart"));
  await page.getByTestId("cart-line").first().waitFor();
  const phone = `0507${String(Date.now()).slice(-5)}${diners++ % 10}`;
  await page.getByLabel("Name", { exact: true }).fill("Sara");
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  return phone;
}

/** Runs `click` and returns the checkout action's answer to it. */
async function submit(click: () => Promise<void>): Promise<{ status: number; body: string }> {
  // Read on the way (route), since Chromium does not keep a fetcher's streamed answer for later.
  const answers: { status: number; body: string }[] = [];
  const isCheckout = (url: URL) => url.pathname.startsWith(`/saffron/${BRANCH}/cart`);
  await page.route(isCheckout, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const res = await route.fetch();
    const body = await res.text();
    await route.fulfill({ response: res, body });
    // Counted only once the page has it: the caller unroutes on the count, and a route removed before its
    // fulfill lands sends the page's own request on to the server (a second call, whose answer is what the
    // page gets: no 'orderError' toast after a verify, two orderPayment calls; the rare miss under load).
    answers.push({ status: res.status(), body });
  });
  try {
    await click();
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1);
  } finally {
    await page.unroute(isCheckout);
  }
  return answers[0]!;
}

/** Runs `click`; the checkout answers a 502 that says nothing of the cause. */
async function expectFailedSubmit(click: () => Promise<void>) {
  const answer = await submit(click);
  expect(answer.status).toBe(502);
  expect(answer.body).not.toMatch(STACK);
}

/** After a failed order: the 'orderError' toast, and nothing the diner had is lost. */
async function expectCartKept(phone: string) {
  await expectToast("error", ordering.order.error);
  expect(await page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toBe(cart);
  expect(await page.getByTestId("cart-line").count()).toBe((JSON.parse(cart) as unknown[]).length);
  expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Sara");
  expect(await page.getByLabel("Phone", { exact: true }).inputValue()).toBe(phone);
  expect(await page.content()).not.toMatch(STACK);
}

/** Every answer the real API gave to `path` (each attempt that reached it) names the same order. */
function expectOneOrder(path: string, fault: Fault) {
  const answers = proxy.answers(path);
  expect(answers.map((a) => a.status)).toEqual(ACTED.includes(fault) ? [200, 200] : [200]);
  expect(new Set(answers.map((a) => (a.body as { data: { order_id: number } }).data.order_id)).size).toBe(1);
}

/** The orders the API holds for `phone`, read with the token the diner's device was given. */
async function ordersOf(phone: string): Promise<unknown[]> {
  const cookie = (await context!.cookies()).find((c) => c.name === `tokenOrder${BRANCH}`);
  const token = cookie?.value.split(".")[0] ?? "";
  return api<unknown[]>(upstream, "getOrder", { domain: "saffron", phoneCustomer: phone, all: 1 }, { authorization: `Bearer ${token}` });
}

const pageErrors = () => problems.filter((p) => p.startsWith("pageerror"));

describe("storeOrder failing after the code was verified", () => {
  it.each(FAULTS)("%s: 'orderError' and the cart kept; verifying again once healed places one order", async (fault) => {
    const phone = await openCart();
    proxy.set(fault, { only: ["/api/storeOrder"] });
    proxy.reset();
    await page.getByRole("button", { name: "Confirm by SMS code" }).click();
    const sheet = page.locator("dialog[open]");
    await sheet.getByText("A verification code has been sent to").waitFor();
    await sheet.getByLabel("Verification code").fill(await latestCode(upstream, phone));
    const verify = sheet.getByRole("button", { name: "Verify" });
    await expectFailedSubmit(() => verify.click());
    await expectCartKept(phone);
    // Only storeOrder failed: the code went out and was accepted through the same proxy.
    expect([proxy.count("/api/sendOtp"), proxy.count("/api/verifyOtp"), proxy.count("/api/storeOrder")]).toEqual([1, 1, 1]);

    proxy.set("healthy");
    // The same sheet and code: the diner just tries again, and lands on the order (the redirect to it,
    // the cart cleared once the screen shows it). A plain tap, not read on the way by a route as above:
    // an answer fulfilled by the test's route left the page on the cart twice in CI runs, redirect unfollowed.
    await verify.click();
    await expectLandedOnOrder(page);
    expectOneOrder("/api/storeOrder", fault);
    expect(await ordersOf(phone)).toHaveLength(1);
    expect(pageErrors()).toEqual([]);
  });
});

describe("orderPayment failing", () => {
  it.each(FAULTS)("%s: 'orderError' and the cart kept; paying again once healed starts one order's payment", async (fault) => {
    const phone = await openCart();
    proxy.set(fault, { only: ["/api/orderPayment"] });
    proxy.reset();
    const pay = page.getByRole("button", { name: "Pay online by card" });
    await expectFailedSubmit(() => pay.click());
    await expectCartKept(phone);
    expect(proxy.count("/api/orderPayment")).toBe(1);

    proxy.set("healthy");
    await pay.click();
    // To the payment page. Behind the proxy it belongs to the first instance's data, so it is not followed.
    await page.waitForURL(/\/api\/pay\/[A-Za-z0-9_-]+\?lang=en$/);
    expectOneOrder("/api/orderPayment", fault);
    expect(pageErrors()).toEqual([]);
  });
});

// Uses the order token the storeOrder cases left on this device.
describe("getOrder failing", () => {
  it.each(["500", "timeout", "bad-json"] as Fault[])("%s: the orders screen is the friendly unavailable screen, then recovers", async (fault) => {
    proxy.set("healthy");
    await page.goto(site(""));
    proxy.set(fault, { only: ["/api/getOrder"] });
    // Within the app (the loader's data request), then as a document.
    await page.getByRole("link", { name: en.nav.orders }).click();
    await page.getByRole("heading", { name: en.unavailable.title }).waitFor();
    expect(await page.content()).not.toMatch(STACK);
    const reload = await page.reload();
    expect(reload?.status()).toBe(503);
    await page.getByRole("heading", { name: en.unavailable.title }).waitFor();
    expect(await page.content()).not.toMatch(STACK);

    proxy.set("healthy");
    await page.getByRole("link", { name: en.unavailable.retry }).click();
    await page.getByTestId("order-card").first().waitFor();
    expect(pageErrors()).toEqual([]);
  });
});
