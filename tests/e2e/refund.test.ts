// Cancelling a card-paid order refunds it, in a real browser (docs/decisions/0029): a diner pays on the
// demo page, a manager first refunds part of it from the card's Refund dialog (more than is left is refused
// beside the field, what was typed kept) and the diner sees "Refunded X of Y" live (docs/decisions/0083);
// the board's cancel dialog says the rest will be refunded, and the diner's screen turns
// live to "Cancelled · refunded …" (never the thanks above it), in English and Arabic. A refund that
// failed stays on the board with "Retry refund", which refunds it. Screenshots: board tablet EN light
// and AR dark (dialog, failed refund), diner phone EN light and AR dark.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { restaurantSql, seedMember, sql } from "./console-seed";
import { fillCart, freshPhone, payOnDemoPage } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };
const BOARD = "/console/orders?branch=1";
const live = (page: Page, selector: string) => page.locator(`${selector}[data-live=true]`).waitFor({ timeout: 10_000 });

describe("cancelling a card-paid order", () => {
  it("the dialog names the refund, the diner sees it refunded live, and a failed refund is retried from the board", { timeout: 180_000 }, async () => {
    // The diner pays on a phone (demo provider), in English.
    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await fillCart(diner, base, "en");
    await diner.getByLabel("Name", { exact: true }).fill("Sara");
    await diner.getByLabel("Phone", { exact: true }).fill(freshPhone("0506"));
    await diner.getByRole("button", { name: "Pay online by card" }).click();
    const number = await payOnDemoPage(diner);
    await diner.getByTestId("just-ordered").waitFor();
    const dinerCard = diner.getByTestId("order-card").first();
    const orderId = Number(await dinerCard.getAttribute("data-order-id"));
    const total = /(\d+\.\d{2}) AED/.exec((await dinerCard.textContent()) ?? "")![1]!;
    await live(diner, "main");

    // The board, on a tablet: the cancel dialog says what is refunded.
    const boardContext = await browser().newContext({ ...ownAddress(), viewport: TABLET, colorScheme: "light" });
    await boardContext.addCookies([{ name: "console", value: seedMember("manager", "4", "Refund Manager", []), url: base, httpOnly: true, sameSite: "Lax" }]);
    const board = await boardContext.newPage();
    const boardProblems = watchConsole(board);
    await board.goto(`${base}${BOARD}`);
    await live(board, "[data-testid=board-live]");
    const card = board.locator(`[data-testid=board-order][data-order-id="${orderId}"]`);
    expect(await card.textContent()).toContain("Paid online");

    // A cold dish: part of it refunded from the card. The amount starts at all that is left; more is refused
    // beside the field and what was typed stays; the card and (live) the diner then say "Refunded X of Y".
    await card.getByRole("button", { name: "Refund" }).click();
    const refundDialog = board.getByTestId("refund-dialog");
    const amount = refundDialog.getByLabel("Amount to refund");
    expect(await amount.inputValue()).toBe(total);
    await amount.fill("999");
    await refundDialog.getByLabel("Reason").fill("Cold soup");
    await refundDialog.getByRole("button", { name: "Refund", exact: true }).click();
    expect(await refundDialog.getByTestId("refund-problem").textContent()).toBe(`That is more than is left: at most ${total} AED.`);
    expect([await amount.inputValue(), await refundDialog.getByLabel("Reason").inputValue()]).toEqual(["999", "Cold soup"]);
    await amount.fill("1.00");
    await shoot(board, "refund-partial-dialog-tablet-en-light");
    await refundDialog.getByRole("button", { name: "Refund", exact: true }).click();
    await refundDialog.waitFor({ state: "detached", timeout: 5000 });
    await expect.poll(() => card.getByTestId("refund-note").textContent(), { timeout: 5000 }).toBe(`Refunded 1.00 AED of ${total} AEDDEMO`);
    await shoot(card, "refund-partial-card-tablet-en-light");
    await expect
      .poll(() => dinerCard.getByTestId("order-badge").textContent(), { timeout: 10_000 })
      .toBe(`Received · refunded 1.00 AED of ${total} AED · DEMO`);
    await shoot(dinerCard, "refund-partial-diner-card-phone-en-light");

    await card.getByRole("button", { name: "Cancel" }).click();
    const dialog = board.getByRole("dialog");
    await dialog.waitFor();
    // The cancel refunds only the rest.
    const rest = (Number(total) - 1).toFixed(2);
    expect(await dialog.getByTestId("cancel-refund").textContent()).toBe(`${rest} AED will be refunded to the diner's card.`);
    await shoot(board, "refund-board-dialog-tablet-en-light");
    await board.getByRole("button", { name: "Cancel the order" }).click();
    await card.waitFor({ state: "detached", timeout: 5000 });
    const history = board.locator(`[data-testid=history-order][data-order-id="${orderId}"]`);
    await history.waitFor({ state: "attached", timeout: 5000 });
    // The cancel's own event may come first (its refund on its way), the refund's right after it.
    await expect.poll(() => history.textContent()).toContain(`Refunded ${total} AED`);
    expect(await history.textContent()).toContain("DEMO");

    // The diner's screen follows live: cancelled, then refunded (the refund's own event comes after the
    // cancel's), and no thanks above it.
    await diner.getByTestId("order-cancelled").waitFor({ timeout: 5000 });
    await expect.poll(() => diner.getByTestId("order-cancelled").textContent(), { timeout: 10_000 }).toBe(`Cancelled · refunded ${total} AED · DEMO`);
    expect(await dinerCard.getByTestId("order-badge").textContent()).toBe(`Cancelled · refunded ${total} AED · DEMO`);
    expect(await diner.getByText("Thank you! Your order has been placed.").count()).toBe(0);
    expect(await dinerCard.textContent()).toContain(number);
    await shoot(diner, "refund-diner-phone-en-light", { fullPage: true });
    expect(await seriousA11yViolations(diner)).toEqual([]);

    // Arabic, dark: the same words in Arabic.
    await diner.emulateMedia({ colorScheme: "dark" });
    await diner.goto(`${base}/saffron/1/orders?justOrdered=true&lng=ar`);
    const arabic = await diner.getByTestId("order-cancelled").textContent();
    expect(arabic).toContain("ملغى · أُعيد");
    expect(arabic).toContain(`${total} د.إ`);
    expect(await diner.getAttribute("html", "dir")).toBe("rtl");
    await shoot(diner, "refund-diner-phone-ar-dark", { fullPage: true });
    expect(await seriousA11yViolations(diner)).toEqual([]);

    // Refunded in two parts, the order has two credit notes: its document page lists both, the cancel's open,
    // and the partial one is its own amount (docs/decisions/0083).
    await diner.goto(`${base}/saffron/1/orders/${orderId}/invoice?kind=credit&lng=ar`);
    const notes = diner.getByTestId("credit-notes");
    await notes.waitFor();
    expect(await notes.getByRole("link").count()).toBe(2);
    expect(await notes.getByRole("link").last().getAttribute("aria-current")).toBe("page");
    const partial = await notes.getByRole("link").first().textContent();
    await notes.getByRole("link").first().click();
    await expect.poll(() => diner.getByTestId("invoice-number").textContent()).toBe(partial!.replace(/\D/g, ""));
    expect(await diner.getByTestId("invoice-refunded").textContent()).toMatch(/(^|[^\d.])1\.00/);
    expect(await diner.getByTestId("invoice-line").count()).toBe(1);
    await shoot(diner, "refund-credit-notes-phone-ar-dark", { fullPage: true });

    // A refund that failed (as a provider's outage leaves it) stays in sight with its retry, EN light then AR dark.
    restaurantSql(
      1,
      `UPDATE refunds SET status = 'failed', provider_id = NULL, last_error = 'Stripe: An unknown error occurred (500)' WHERE order_id = ${orderId} AND kind = 'cancel'`,
    );
    await board.reload();
    await live(board, "[data-testid=board-live]");
    const refunds = board.getByTestId("board-refunds");
    await refunds.waitFor();
    expect(await refunds.textContent()).toContain(`Refund of ${total} AED failed: the diner has not been refunded.`);
    // A reload keeps the scroll position; the full-page picture starts at the top (the sticky header).
    await board.evaluate(() => window.scrollTo(0, 0));
    await shoot(board, "refund-board-failed-tablet-en-light", { fullPage: true });
    expect(await seriousA11yViolations(board)).toEqual([]);
    await board.emulateMedia({ colorScheme: "dark" });
    await board.goto(`${base}${BOARD}&lng=ar`);
    await live(board, "[data-testid=board-live]");
    expect(await board.getAttribute("html", "dir")).toBe("rtl");
    await shoot(board, "refund-board-failed-tablet-ar-dark", { fullPage: true });
    expect(await seriousA11yViolations(board)).toEqual([]);
    await board.getByRole("button", { name: "أعد محاولة الردّ" }).click();
    await refunds.waitFor({ state: "detached", timeout: 5000 });
    expect(await board.locator(`[data-testid=history-order][data-order-id="${orderId}"]`).textContent()).toContain("تم ردّ");

    expect(dinerProblems).toEqual([]);
    // The one refusal asked for above (more than is left: 409).
    expect(boardProblems).toEqual(["error: Failed to load resource: the server responded with a status of 409 (Conflict)"]);
    await Promise.all([dinerContext.close(), boardContext.close()]);
  });
});
