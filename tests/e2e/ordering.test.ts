// Ordering in a real browser: by SMS code (codes read from the demo outbox) and through the demo
// payment page, then following the order on the orders screen.
import { describe, expect, inject, it } from "vitest";
import { PHONE, seriousA11yViolations, watchConsole, sharedBrowser, ownAddress, shoot } from "./browser";
import { expectLandedOnOrder, expectPaidOrder, fillCart, freshPhone, latestCode, payOnDemoPage, setOrderStatus } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe("ordering by SMS code", () => {
  it(
    "validates, sends a code, refuses a wrong one, resends, verifies and stores the order; then the orders screen follows it",
    { timeout: 150_000 },
    async () => {
      const context = await browser().newContext({ ...ownAddress(), viewport: PHONE });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await fillCart(page, base, "en");
      expect(await page.getByTestId("line-total").first().textContent()).toMatch(/^2 x \d+\.\d{2} AED = \d+\.\d{2} AED$/);
      await shoot(page, "cart-en-light");
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Confirm by SMS code" }).click();
      await page.getByText("Please enter your phone number and name").waitFor();
      await page.getByLabel("Name", { exact: true }).fill("Sara");
      await page.getByLabel("Phone", { exact: true }).fill("12345");
      await page.getByRole("button", { name: "Confirm by SMS code" }).click();
      await page.getByText("Please enter a valid phone number").waitFor();

      const phone = `0501${String(Date.now()).slice(-6)}`;
      await page.getByLabel("Phone", { exact: true }).fill(phone);
      await page.getByRole("button", { name: "Confirm by SMS code" }).click();
      const sheet = page.locator("dialog[open]");
      await sheet.getByText("A verification code has been sent to").waitFor();
      expect(await sheet.getByRole("button", { name: "Verify" }).isDisabled()).toBe(true);
      expect(await sheet.getByTestId("resend").isDisabled()).toBe(true);
      await shoot(page, "otp-sheet-en-light");

      const first = await latestCode(base, phone);
      await sheet.getByLabel("Verification code").fill(first === "000000" ? "111111" : "000000");
      await sheet.getByRole("button", { name: "Verify" }).click();
      await sheet.getByText("Invalid or expired OTP").waitFor();
      expect(await page.getByTestId("toast-error").textContent()).toContain("Invalid");
      expect(await page.getByTestId("cart-line").count()).toBe(1); // nothing lost

      // The countdown ends after 60 seconds, then resend really sends a new code.
      await sheet.getByTestId("resend").waitFor({ state: "visible" });
      await page.waitForFunction(() => !(document.querySelector("[data-testid=resend]") as HTMLButtonElement).disabled, undefined, { timeout: 75_000 });
      await sheet.getByTestId("resend").click();
      // The countdown restarts once the new code has been sent.
      await page.waitForFunction(() => /Resend in/.test(document.querySelector("[data-testid=resend]")?.textContent ?? ""));
      const second = await latestCode(base, phone);

      await sheet.getByLabel("Verification code").fill(second);
      await sheet.getByRole("button", { name: "Verify" }).click();
      // The diner lands on the order itself, and the cart is cleared.
      await expectLandedOnOrder(page);
      expect(await page.getByTestId("order-card").first().textContent()).toContain("Received");

      // The orders link appears once a token exists.
      await page.getByRole("link", { name: "Orders", exact: true }).click();
      await page.waitForURL(/\/orders$/);
      expect(await page.evaluate(() => document.cookie)).not.toContain("tokenOrder"); // HttpOnly
      await page.getByTestId("order-card").first().click();
      expect(await page.getByTestId("order-status").textContent()).toBe("Received");
      await shoot(page, "order-sheet-en-light");

      // The restaurant takes it, then marks it ready; the orders screen shows it.
      const orderId = await page.getByTestId("order-card").first().getAttribute("data-order-id");
      expect(await setOrderStatus(base, Number(orderId), 1)).toBe(200);
      expect(await setOrderStatus(base, Number(orderId), 2)).toBe(200);
      const res = await page.reload();
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      await page.getByTestId("order-card").first().click();
      expect(await page.getByTestId("order-status").textContent()).toBe("Ready");
      // The refused name/phone and the wrong code answer 422 on purpose; nothing else may be logged.
      expect(problems.filter((p) => !p.includes("status of 422"))).toEqual([]);
      await context.close();
    },
  );
});

describe("ordering by SMS code in Arabic", () => {
  it("refuses a wrong code, accepts the right one and shows the order (dark)", async () => {
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "dark" });
    const page = await context.newPage();
    await fillCart(page, base, "ar");
    const phone = `0503${String(Date.now()).slice(-6)}`;
    await page.getByLabel("الاسم", { exact: true }).fill("ليلى");
    await page.getByLabel("رقم الهاتف", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "التأكيد برمز SMS" }).click();
    const sheet = page.locator("dialog[open]");
    await sheet.getByText("تم إرسال رمز التحقق إلى").waitFor();
    await shoot(page, "otp-sheet-ar-dark");
    const code = await latestCode(base, phone);
    await sheet.getByLabel("رمز التحقق").fill(code === "000000" ? "111111" : "000000");
    await sheet.getByRole("button", { name: "تحقق" }).click();
    await sheet.getByText("رمز التحقق غير صحيح أو منتهي الصلاحية").waitFor();
    await sheet.getByLabel("رمز التحقق").fill(code);
    await sheet.getByRole("button", { name: "تحقق" }).click();
    await expectLandedOnOrder(page);
    await page.getByTestId("order-card").first().click();
    expect(await page.getByTestId("order-status").textContent()).toBe("تم الاستلام");
    await shoot(page, "order-sheet-ar-dark");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("ordering through the hosted payment page", () => {
  it("pays and lands on the orders screen showing the order live, with the cart emptied (Arabic)", { timeout: 60_000 }, async () => {
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "dark" });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await fillCart(page, base, "ar");
    await shoot(page, "cart-ar-dark");
    await page.getByLabel("الاسم", { exact: true }).fill("عمر");
    const phone = freshPhone("0504");
    await page.getByLabel("رقم الهاتف", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "الدفع بالبطاقة عبر الإنترنت" }).click();
    // The demo page speaks the diner's language, right to left, and still says DEMO.
    await page.waitForURL(/\/api\/pay\//);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByText("DEMO · تجريبي").waitFor();
    await page.getByRole("button", { name: "ادفع" }).waitFor();
    await shoot(page, "demo-pay-ar-dark");
    const order = await payOnDemoPage(page);
    await page.getByTestId("just-ordered").waitFor();
    const card = await expectPaidOrder(page, order, "تم الاستلام");
    expect(await page.getByText("ليس لديك طلبات بعد").count()).toBe(0);
    await shoot(page, "orders-paid-ar-dark");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Its live status: the restaurant takes the order and the screen follows without a reload.
    await page.locator("main[data-live=true]").waitFor();
    expect(await setOrderStatus(base, Number(await card.getAttribute("data-order-id")), 1)).toBe(200);
    await card.getByText("قيد التحضير").waitFor();

    // Back after paying (the demo page's entry) lands on the order again, in Arabic, in the branch's frame.
    await page.goBack();
    await page.waitForURL(/\/saffron\/1\/orders$/);
    await page.getByTestId("order-card").first().getByText("قيد التحضير").waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByText("رابط الدفع هذا لم يعد صالحًا").count()).toBe(0);

    // The paid lines are gone: checking out again cannot re-send them.
    await page.getByRole("link", { name: "السلة" }).click();
    await page.getByText("سلتك فارغة").waitFor();

    // The next order starts with the name and phone this device kept, and says how to forget them.
    await fillCart(page, base, "ar");
    expect(await page.getByLabel("الاسم", { exact: true }).inputValue()).toBe("عمر");
    expect(await page.getByLabel("رقم الهاتف", { exact: true }).inputValue()).toBe(phone);
    await page.getByRole("button", { name: "انسَ بياناتي" }).scrollIntoViewIfNeeded();
    await shoot(page, "cart-details-ar-dark");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a cancelled payment returns to an intact cart; paying it then ends in an order (English)", { timeout: 60_000 }, async () => {
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const page = await context.newPage();
    await fillCart(page, base, "en");
    const before = await page.getByTestId("line-total").first().textContent();
    const phone = freshPhone("0505");
    await page.getByLabel("Name", { exact: true }).fill("Omar");
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Pay online by card" }).click();
    await page.waitForURL(/\/api\/pay\//);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/saffron\/1\/cart\?cancelled=true$/);
    await page.getByTestId("cart-line").first().waitFor();
    expect(await page.getByTestId("line-total").first().textContent()).toBe(before);
    expect(await page.getByTestId("cart-line").count()).toBe(1);
    // Name and phone survive the cancelled payment (kept on the device), with the way to forget them.
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Omar");
    expect(await page.getByLabel("Phone", { exact: true }).inputValue()).toBe(phone);
    const forget = page.getByRole("button", { name: "Forget my details" });
    await forget.scrollIntoViewIfNeeded();
    await shoot(page, "cart-details-en-light");
    await forget.click();
    await page.getByText("Your details were removed from this device.").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Phone", { exact: true }).inputValue()).toBe("");
    expect(await page.evaluate(() => localStorage.getItem("diner:saffron"))).toBeNull();
    expect(await forget.count()).toBe(0);

    await page.getByLabel("Name", { exact: true }).fill("Omar");
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Pay online by card" }).click();
    const order = await payOnDemoPage(page);
    await page.getByText("Thank you! Your order has been placed.").waitFor();
    await expectPaidOrder(page, order, "Received");
    expect(await page.getByText("You have no orders yet").count()).toBe(0);
    await shoot(page, "orders-paid-en-light");
    // A reload keeps the order and clears nothing more; the cart stays empty.
    await page.reload();
    await page.getByTestId("order-card").first().waitFor();
    expect(await page.getByTestId("order-card").count()).toBe(1);
    await page.getByRole("link", { name: "Cart" }).click();
    await page.getByText("Your cart is empty").waitFor();
    // Back twice (the orders screen, then the demo page's entry): the order again, never a dead page.
    await page.goBack();
    await page.goBack();
    await page.waitForURL(/\/saffron\/1\/orders$/);
    await page.getByTestId("order-card").first().getByText("Received").waitFor();
    expect(await page.getByText("This payment link is no longer valid.").count()).toBe(0);
    await context.close();
  });
});
