// Gulf cards through Tap Payments in a real browser, on `npm start`'s configuration (Tap's local
// stand-in, DEMO; docs/decisions/0076): a Kuwaiti owner connects the restaurant's own Tap key on
// /console/payments; its menu then shows a 3.875 KWD dish as it is (Tap takes every fils, decision 0079: it
// read 3.880 before, Stripe's step), the cart names KNET, Apple Pay and cards beside the pay button, and a
// diner pays 3.875 KWD with KNET on Tap's page, lands on the order, the board shows it paid online, and the
// owner's cancel refunds it, live on the diner's phone. A Saudi diner pays with mada in Arabic (dark), and
// one who leaves Tap's page unpaid is back at a cart that kept everything. Screenshots: payment settings,
// Tap's page, the order, phone EN light / AR dark.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { dinerWithCart, openShop, type Shop } from "./gulf-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };
const stamp = () => String(Date.now()).slice(-7);

/** The owner pastes a stand-in key on /console/payments: connected, a test key, DEMO said. */
async function connectTap(owner: Page, key: string, look: string) {
  await owner.goto(`${base}/console/payments?lng=en`);
  await owner.getByTestId("payments-demo").waitFor();
  expect(await owner.getByTestId("tap-state").getAttribute("data-state")).toBe("none");
  // A key of the wrong shape is named beside the field, nothing stored.
  await owner.getByLabel("Tap secret key").fill("pk_test_123");
  await owner.getByRole("button", { name: "Connect Tap" }).click();
  await expect.poll(() => owner.locator("#tap-secret-key-hint").textContent()).toContain("That is not a Tap secret key");
  await owner.getByLabel("Tap secret key").fill(key);
  await owner.getByRole("button", { name: "Connect Tap" }).click();
  await expect.poll(() => owner.getByTestId("payments-outcome").textContent()).toBe("Tap is connected. Diners can pay by card.");
  await expect.poll(() => owner.getByTestId("tap-state").getAttribute("data-state")).toBe("active");
  // The key is never shown again, not even in the page's own data.
  expect(await owner.content()).not.toContain(key);
  await shoot(owner, `payments-console-${look}`, { fullPage: true });
  expect(await seriousA11yViolations(owner)).toEqual([]);
}

/** From the cart to Tap's page: name, a local number, "Pay online by card". */
async function toTap(cart: Page, phone: string, lang: "en" | "ar") {
  await cart.getByLabel(lang === "en" ? "Name" : "الاسم", { exact: true }).fill(lang === "en" ? "Fahad" : "نورة");
  await cart.getByLabel(lang === "en" ? "Phone" : "رقم الهاتف", { exact: true }).fill(phone);
  await cart.getByRole("button", { name: lang === "en" ? "Pay online by card" : "الدفع بالبطاقة عبر الإنترنت" }).click();
  await cart.waitForURL(/\/api\/tap-demo\/chg_/);
  await cart.getByTestId("tap-demo-badge").waitFor();
}

const boardOf = async (shop: Shop) => {
  const board = await shop.owner
    .context()
    .browser()!
    .newContext({ ...ownAddress(), viewport: TABLET, colorScheme: "light" });
  const page = await board.newPage();
  await page.context().addCookies(await shop.owner.context().cookies());
  return page;
};

describe("Gulf cards through Tap", () => {
  it("a Kuwaiti owner connects Tap; a diner pays 3.875 KWD with KNET; the board shows it paid; a cancel refunds it", { timeout: 240_000 }, async () => {
    const n = stamp();
    const kuwait = await openShop(browser, "KW", { typed: `66${n.slice(1)}`, e164: `+96566${n.slice(1)}` }, ["Diwan Cards", "ديوان البطاقات"], 3875);
    // Before Tap, through the demo page (which stands in for Stripe), the dish reads as Stripe would charge it.
    const before = await kuwait.owner.context().browser()!.newPage();
    await before.goto(`${base}/${kuwait.domain}/${kuwait.branch}/search?q=Karak&lng=en`);
    expect(await before.getByTestId("price").first().textContent()).toBe("3.880 KWD");
    await before.close();
    await connectTap(kuwait.owner, `sk_test_demo_kw${n}`, "phone-en-light");

    const { page: cart, problems } = await dinerWithCart(browser, kuwait, "en", "light", undefined, 1);
    expect(await cart.getByTestId("cart-total").textContent()).toBe("3.875 KWD");
    expect(await cart.getByTestId("card-methods").textContent()).toBe("With KNET · Apple Pay · Visa and Mastercard");
    await shoot(cart, "tap-cart-phone-en-light", { fullPage: true });
    await toTap(cart, `9${n}`, "en");
    // Tap's page: the amount in fils, KNET first for Kuwait, then Apple Pay and cards.
    expect(await cart.getByTestId("tap-demo-amount").textContent()).toContain("3.875");
    expect(await cart.getByTestId("tap-method-knet").isChecked()).toBe(true);
    await shoot(cart, "tap-page-phone-en-light", { fullPage: true });
    await cart.locator('button[value="pay"]').click();
    await cart.waitForURL(new RegExp(`/${kuwait.domain}/${kuwait.branch}/orders\\?justOrdered=true$`));
    const dinerCard = cart.getByTestId("order-card").first();
    await dinerCard.waitFor();
    const orderId = Number(await dinerCard.getAttribute("data-order-id"));
    await shoot(cart, "tap-paid-order-phone-en-light", { fullPage: true });

    // The board: paid online; cancelled, it is refunded through Tap, and the diner's phone says so live.
    const board = await boardOf(kuwait);
    await board.goto(`${base}/console/orders?branch=${kuwait.branch}&lng=en`);
    const card = board.locator(`[data-testid=board-order][data-order-id="${orderId}"]`);
    await expect.poll(() => card.textContent()).toContain("Paid online");
    expect(await card.textContent()).toContain("3.875 KWD");
    await card.getByRole("button", { name: "Cancel" }).click();
    expect(await board.getByRole("dialog").getByTestId("cancel-refund").textContent()).toBe("3.875 KWD will be refunded to the diner's card.");
    await board.getByRole("button", { name: "Cancel the order" }).click();
    const history = board.locator(`[data-testid=history-order][data-order-id="${orderId}"]`);
    await expect.poll(() => history.textContent().catch(() => "")).toContain("Refunded 3.875 KWD");
    await cart.getByTestId("order-cancelled").waitFor({ timeout: 10_000 });
    expect(await cart.getByTestId("order-cancelled").textContent()).toContain("refunded 3.875 KWD");
    expect(problems).toEqual([]);
  });

  it("a Saudi diner pays with mada in Arabic (dark); one who leaves Tap's page finds the cart as it was", { timeout: 240_000 }, async () => {
    const n = stamp();
    const riyadh = await openShop(browser, "SA", { typed: `050${n}`, e164: `+96650${n}` }, ["Najd Cards", "بطاقات نجد"], 1150);
    await connectTap(riyadh.owner, `sk_test_demo_sa${n}`, "phone-en-light-sa");

    const leaving = await dinerWithCart(browser, riyadh, "ar", "dark");
    expect(await leaving.page.getByTestId("card-methods").textContent()).toBe("عبر مدى · Apple Pay · فيزا وماستركارد");
    await shoot(leaving.page, "tap-cart-phone-ar-dark", { fullPage: true });
    await toTap(leaving.page, `056${n}`, "ar");
    expect(await leaving.page.getAttribute("html", "dir")).toBe("rtl");
    // mada first for Saudi Arabia, and Apple Pay beside it.
    expect(await leaving.page.getByTestId("tap-method-mada").isChecked()).toBe(true);
    await leaving.page.getByTestId("tap-method-apple_pay").waitFor();
    await shoot(leaving.page, "tap-page-phone-ar-dark", { fullPage: true });
    await leaving.page.locator('button[value="abandon"]').click();
    await leaving.page.waitForURL(new RegExp(`/${riyadh.domain}/${riyadh.branch}/cart`));
    // Everything kept: the line, its quantity, the total.
    await leaving.page.getByTestId("cart-line").first().waitFor();
    expect(await leaving.page.getByTestId("cart-total").textContent()).toBe("23.00 ر.س");
    await shoot(leaving.page, "tap-left-cart-phone-ar-dark", { fullPage: true });

    // Paying again from the kept cart, with mada this time: the order is paid.
    await toTap(leaving.page, `056${n}`, "ar");
    await leaving.page.getByTestId("tap-method-mada").check();
    await leaving.page.locator('button[value="pay"]').click();
    await leaving.page.waitForURL(new RegExp(`/${riyadh.domain}/${riyadh.branch}/orders\\?justOrdered=true$`));
    await leaving.page.getByTestId("order-card").first().waitFor();
    await shoot(leaving.page, "tap-paid-order-phone-ar-dark", { fullPage: true });
    expect(await seriousA11yViolations(leaving.page)).toEqual([]);
    expect(leaving.problems).toEqual([]);
  });
});
