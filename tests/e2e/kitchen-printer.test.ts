// A kitchen printer in a real browser (docs/decisions/0057): the owner adds "Hot line" on a phone, pastes its
// server URL into a stand-in printer (node-side, polling every 500 ms) and pairs the MAC that asks; a
// diner orders as "سارة" and the board accepts it: the printer fetches the ticket as a PNG (576 dots,
// inked) and as text (the Arabic name and dish in it) and prints it once. Offline, a second accepted
// order waits while the board says the printer is offline; back, it prints that order. "Reprint"
// prints the first again. Screenshots: printers page on a phone EN light / AR dark, board tablet EN light / AR dark.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { restaurantSql, seedMember } from "./console-seed";
import { expectLandedOnOrder, fillCart, freshPhone, latestCode, storeOrderByApi } from "./ordering-flow";
import { standInPrinter } from "./stand-in-printer";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };
const MAC = "00:11:62:AA:BB:CC";
const PRINTERS = "/console/branches/1/printers";
const BOARD = "/console/orders?branch=1";
const card = (page: Page, id: number) => page.locator(`[data-testid=board-order][data-order-id="${id}"]`);
const pendingIds = (page: Page) =>
  page.locator("[data-testid=board-order][data-status=pending]").evaluateAll((cards) => cards.map((c) => Number(c.getAttribute("data-order-id"))));
/** Waits for `check` to hold, polling (the printer works on its own clock). */
async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let printer: ReturnType<typeof standInPrinter> | undefined;
afterAll(async () => {
  await printer?.stop();
  restaurantSql(1, "DELETE FROM printers");
});

describe("a kitchen printer", () => {
  it("pairs from the console, prints each accepted order once, waits while offline and prints when back", { timeout: 240_000 }, async () => {
    const owner = seedMember("owner", "3", "Printer Owner", []);
    const cookie = { name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" as const };

    // The owner, on a phone: branch settings → Kitchen printers → add "Hot line", copy its URL.
    const phoneContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    await phoneContext.addCookies([cookie]);
    const phone = await phoneContext.newPage();
    const phoneProblems = watchConsole(phone);
    await phone.goto(`${base}/console/branches/1?lng=en`);
    await phone.getByTestId("printers-link").click();
    await phone.waitForURL(new RegExp(`${PRINTERS}$`));
    await phone.getByRole("heading", { name: "Kitchen printers" }).waitFor();
    await phone.getByLabel("Printer's name").fill("Hot line");
    await phone.getByTestId("printer-add").click();
    const url = await phone.getByTestId("printer-url").inputValue();
    expect(url).toMatch(new RegExp(`^${base}/cloudprnt/1-\\d+-[0-9a-f]{32}$`));
    await shoot(phone, "printers-url-phone-en-light", { fullPage: true });
    expect(await phone.getByTestId("printer-state").textContent()).toContain("Waiting for the printer to call in");

    // The printer is switched on with the URL: the page shows the MAC asking (it checks every few seconds), the owner pairs it.
    printer = standInPrinter(url, MAC);
    printer.start();
    const asking = phone.getByTestId("printer-asking");
    await asking.filter({ hasText: `Printer \u2066${MAC}\u2069 is asking to connect — pair it` }).waitFor({ timeout: 15_000 });
    // The URL stays in sight while the page checks again.
    expect(await phone.getByTestId("printer-url").inputValue()).toBe(url);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await shoot(phone, "printers-asking-phone-en-light", { fullPage: true });
    await asking.getByRole("button", { name: "Pair it" }).click();
    await phone.getByTestId("printers-outcome").filter({ hasText: "Paired" }).waitFor();
    await phone.locator("[data-testid=printer-state][data-online=true]").filter({ hasText: "Connected · last seen" }).waitFor();
    await shoot(phone, "printers-paired-phone-en-light", { fullPage: true });
    // The same page in Arabic, dark: mirrored, its steps in Arabic.
    await phone.emulateMedia({ colorScheme: "dark" });
    await phone.goto(`${base}${PRINTERS}?lng=ar`);
    await phone.getByRole("heading", { name: "طابعات المطبخ" }).waitFor();
    expect(await phone.locator("html").getAttribute("dir")).toBe("rtl");
    await phone.getByText("متصلة · آخر ظهور").waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await shoot(phone, "printers-phone-ar-dark", { fullPage: true });

    // The board on a tablet.
    const boardContext = await browser().newContext({ ...ownAddress(), viewport: TABLET, colorScheme: "light" });
    await boardContext.addCookies([cookie]);
    const board = await boardContext.newPage();
    const boardProblems = watchConsole(board);
    await board.goto(`${base}${BOARD}&lng=en`);
    await board.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });
    const before = new Set(await pendingIds(board));

    // A diner orders as سارة on a phone.
    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const diner = await dinerContext.newPage();
    await fillCart(diner, base, "en");
    const dinerPhone = freshPhone("0503");
    await diner.getByLabel("Name", { exact: true }).fill("سارة");
    await diner.getByLabel("Phone", { exact: true }).fill(dinerPhone);
    await diner.getByRole("button", { name: "Confirm by SMS code" }).click();
    const sheet = diner.locator("dialog[open]");
    await sheet.getByText("A verification code has been sent to").waitFor();
    await sheet.getByLabel("Verification code").fill(await latestCode(base, dinerPhone));
    await sheet.getByRole("button", { name: "Verify" }).click();
    await expectLandedOnOrder(diner);

    // The board accepts it: the printer prints it once, within a few polls.
    await board.waitForFunction(
      (known) =>
        [...document.querySelectorAll("[data-testid=board-order][data-status=pending]")].some((c) => !known.includes(Number(c.getAttribute("data-order-id")))),
      [...before],
    );
    const first = (await pendingIds(board)).find((id) => !before.has(id))!;
    const number = (await card(board, first).locator("h3").textContent())!.replace(/\D/g, "");
    await card(board, first).getByTestId("move-order").click();
    await board.locator(`[data-testid=board-order][data-order-id="${first}"][data-status=inProcess]`).waitFor();
    await until(() => printer!.printed.length === 1, 5000, "the first ticket");
    const ticket = printer.printed[0]!;
    for (const text of [`Order #${number}`, "سارة", "Placed "]) expect(ticket.text).toContain(text);
    expect(ticket.text).toMatch(/\p{Script=Arabic}{3,}/u);
    expect(ticket.png.width).toBe(576);
    expect(ticket.png.inkRows().length).toBeGreaterThan(100);
    await until(() => printer!.confirmations.length === 1, 5000, "the first confirmation");
    expect(printer.confirmations).toEqual([200]);
    // Printed once: the next polls offer nothing.
    const polled = printer.polls();
    await until(() => printer!.polls() >= polled + 3, 5000, "three more polls");
    expect(printer.printed).toHaveLength(1);

    // The printer goes offline (two minutes without a poll, moved back in the object's clock); a second order is accepted.
    await printer.stop();
    restaurantSql(1, "UPDATE printers SET last_poll_at = last_poll_at - 180000");
    const second = await storeOrderByApi(base, { name: "ليلى", phone: freshPhone("0504"), table_id: 4, items: [{ product_id: 1, amount: 1 }] });
    await card(board, second.order_id).waitFor();
    await card(board, second.order_id).getByTestId("move-order").click();
    await board.locator(`[data-testid=board-order][data-order-id="${second.order_id}"][data-status=inProcess]`).waitFor();
    const notice = board.getByTestId("printer-offline");
    await notice.filter({ hasText: /Kitchen printer “\u2068Hot line\u2069” offline since \d\d:\d\d/ }).waitFor();
    expect(printer.printed).toHaveLength(1);
    expect(await card(board, first).getByTestId("reprint-order").isVisible()).toBe(true);
    expect(await seriousA11yViolations(board)).toEqual([]);
    await shoot(board, "printer-offline-board-tablet-en-light");
    await board.emulateMedia({ colorScheme: "dark" });
    await board.goto(`${base}${BOARD}&lng=ar`);
    await board.getByTestId("printer-offline").filter({ hasText: "طابعة المطبخ «\u2068Hot line\u2069» غير متصلة منذ" }).waitFor();
    expect(await seriousA11yViolations(board)).toEqual([]);
    await shoot(board, "printer-offline-board-tablet-ar-dark");
    await board.emulateMedia({ colorScheme: "light" });
    await board.goto(`${base}${BOARD}&lng=en`);
    await board.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });

    // Back on: it prints the queued order, and the board's notice goes without a reload.
    printer.start();
    await until(() => printer!.printed.length === 2, 5000, "the queued ticket");
    expect(printer.printed[1]!.text).toContain(`Order #${second.num_order}`);
    expect(printer.printed[1]!.text).toContain("ليلى");
    await notice.waitFor({ state: "detached", timeout: 5000 });

    // "Reprint" on the first order: it prints again, marked so.
    await card(board, first).getByTestId("reprint-order").click();
    await card(board, first).getByTestId("reprinted").waitFor();
    await until(() => printer!.printed.length === 3, 5000, "the reprint");
    expect(printer.printed[2]!.text).toContain("REPRINT");
    expect(printer.printed[2]!.text).toContain(`Order #${number}`);
    await until(() => printer!.confirmations.length === 3, 5000, "the reprint's confirmation");
    expect(printer.confirmations).toEqual([200, 200, 200]);
    expect(printer.problems).toEqual([]);

    expect(phoneProblems).toEqual([]);
    expect(boardProblems).toEqual([]);
    await Promise.all([phoneContext.close(), boardContext.close(), dinerContext.close()]);
  });
});
