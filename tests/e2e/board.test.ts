// The orders board in a real browser: a diner on a phone orders by SMS code and a tablet-sized
// board (1024×768, landscape) shows it within a second with the chime playing; taps take it to
// Preparing and Ready while the diner's orders screen follows live, and a second board page sees
// the first one's taps live. Screenshots: tablet EN light / AR dark, phone EN dark / AR light.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signInByCode } from "./console-flow";
import { sql as d1 } from "./console-seed";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { placeOrderBySms } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };

/** A manager of saffron, written straight into the e2e server's D1 (sign-up is another screen's work). A new one per attempt: a phone gets one code a minute. */
function seedManager() {
  const local = `57${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const manager = { typed: `0${local}`, e164: `+971${local}` };
  const sql = `INSERT INTO people (phone, name, created_at) VALUES ('${manager.e164}', 'Omar', 0);
    INSERT INTO members (restaurant_id, person_id, role, created_at)
      SELECT r.id, p.id, 'manager', 0 FROM restaurants r, people p WHERE r.domain = 'saffron' AND p.phone = '${manager.e164}';`;
  d1(sql);
  return manager;
}

const BOARD = "/console/orders?branch=1";
/** Waits until the page is connected and subscribed to its channels. */
const live = (page: Page, selector: string) => page.locator(`${selector}[data-live=true]`).waitFor({ timeout: 10_000 });
const card = (page: Page, id: number) => page.locator(`[data-testid=board-order][data-order-id="${id}"]`);
const pendingIds = (page: Page) =>
  page.locator("[data-testid=board-order][data-status=pending]").evaluateAll((cards) => cards.map((c) => Number(c.getAttribute("data-order-id"))));
const chimePlaying = (page: Page) => page.getByTestId("chime").evaluate((audio: HTMLAudioElement) => !audio.paused);

describe("the orders board", () => {
  it("shows a diner's order within a second with the chime, and every tap live on the diner's screen and a second board", { timeout: 180_000 }, async () => {
    // The board: a tablet, signed in by code.
    const manager = seedManager();
    const boardContext = await browser().newContext({ ...ownAddress(), viewport: TABLET, colorScheme: "light" });
    const board = await boardContext.newPage();
    const problems = watchConsole(board);
    await signInByCode(board, base, BOARD, manager, /\/console\/orders\?branch=1$/);
    await live(board, "[data-testid=board-live]");
    await board.getByRole("button", { name: "Turn on sound" }).click();
    await board.getByTestId("sound-on").waitFor();
    expect(await chimePlaying(board)).toBe(false);
    // A second device on the same board.
    const second = await boardContext.newPage();
    await second.goto(`${base}${BOARD}`);
    await live(second, "[data-testid=board-live]");
    const before = new Set(await pendingIds(board));
    // The order arrives in its event: the board reads nothing again (docs/decisions/0084).
    const reads: string[] = [];
    board.on("request", (r) => void (r.method() === "GET" && r.url().includes(".data") && reads.push(r.url())));

    // The diner orders on a phone; the board shows it within a second, ringing.
    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const diner = await dinerContext.newPage();
    await placeOrderBySms(diner, base);
    const arrived = Date.now();
    await board.waitForFunction(
      (known) =>
        [...document.querySelectorAll("[data-testid=board-order][data-status=pending]")].some((c) => !known.includes(Number(c.getAttribute("data-order-id")))),
      [...before],
      { timeout: 1000 },
    );
    const orderId = (await pendingIds(board)).find((id) => !before.has(id))!;
    expect(Date.now() - arrived).toBeLessThan(1000);
    expect(reads).toEqual([]);
    await board.waitForFunction(() => !(document.querySelector("[data-testid=chime]") as HTMLAudioElement).paused, undefined, { timeout: 1000 });
    expect(await board.title()).toMatch(/^\(\d+\) Orders · /);
    await second.locator(`[data-testid=board-order][data-order-id="${orderId}"]`).waitFor({ timeout: 1000 });
    await shoot(board, "board-tablet-en-light", { fullPage: true });
    expect(await seriousA11yViolations(board)).toEqual([]);

    // The diner follows on the orders screen.
    await diner.getByRole("link", { name: "Orders", exact: true }).click();
    await diner.waitForURL(/\/orders$/);
    await live(diner, "main");
    const dinerCard = diner.locator(`[data-testid=order-card][data-order-id="${orderId}"]`);
    expect(await dinerCard.textContent()).toContain("Received");

    // Tap 1: New → Preparing. The chime stops (the new order was moved on).
    await card(board, orderId).getByRole("button", { name: "Start preparing" }).click();
    await card(board, orderId).and(board.locator("[data-status=inProcess]")).waitFor({ timeout: 2000 });
    await board.waitForFunction(() => (document.querySelector("[data-testid=chime]") as HTMLAudioElement).paused, undefined, { timeout: 1000 });
    await diner.waitForFunction(
      (id) => document.querySelector(`[data-testid=order-card][data-order-id="${id}"]`)?.textContent?.includes("Being prepared"),
      orderId,
      { timeout: 2000 },
    );
    await card(second, orderId).and(second.locator("[data-status=inProcess]")).waitFor({ timeout: 2000 });

    // Tap 2 on the second device: Preparing → Ready; the first board sees it live.
    await card(second, orderId).getByRole("button", { name: "Mark ready" }).click();
    await card(board, orderId).and(board.locator("[data-status=ready]")).waitFor({ timeout: 2000 });
    await diner.waitForFunction((id) => document.querySelector(`[data-testid=order-card][data-order-id="${id}"]`)?.textContent?.includes("Ready"), orderId, {
      timeout: 2000,
    });
    // Ready is final in the contract: no more moves on the card; an order by SMS code can still be paid at the counter.
    expect(await card(board, orderId).getByRole("button").allTextContents()).toEqual(["Paid at the counter"]);

    // Cancelling asks first: Escape keeps the order; confirming cancels it, on both boards.
    const dinerPhone2 = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const diner2 = await dinerPhone2.newPage();
    const known = new Set(await pendingIds(board));
    await placeOrderBySms(diner2, base);
    await board.waitForFunction(
      (ids) =>
        [...document.querySelectorAll("[data-testid=board-order][data-status=pending]")].some((c) => !ids.includes(Number(c.getAttribute("data-order-id")))),
      [...known],
      { timeout: 2000 },
    );
    const other = (await pendingIds(board)).find((id) => !known.has(id))!;
    await board.getByRole("button", { name: "Got it" }).click();
    await board.waitForFunction(() => (document.querySelector("[data-testid=chime]") as HTMLAudioElement).paused, undefined, { timeout: 1000 });
    const cancel = card(board, other).getByRole("button", { name: "Cancel" });
    await cancel.click();
    const dialog = board.getByRole("dialog");
    await dialog.waitFor();
    expect(await board.evaluate(() => document.activeElement?.textContent)).toBe("Keep it");
    await board.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await board.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("cancel-order");
    await cancel.click();
    await board.getByRole("button", { name: "Cancel the order" }).click();
    await card(board, other).waitFor({ state: "detached", timeout: 2000 });
    await second.locator(`[data-testid=history-order][data-order-id="${other}"]`).waitFor({ state: "attached", timeout: 2000 });

    // A device that lost its connection catches up when it is back: nothing sent meanwhile is missed.
    const knownNow = new Set(await pendingIds(second));
    await second.evaluate(() => window.__realtime!.disconnect());
    await second.locator("[data-testid=board-live][data-live=false]").waitFor();
    await placeOrderBySms(diner2, base);
    await board.waitForFunction(
      (ids) =>
        [...document.querySelectorAll("[data-testid=board-order][data-status=pending]")].some((c) => !ids.includes(Number(c.getAttribute("data-order-id")))),
      [...knownNow],
      { timeout: 2000 },
    );
    const missed = (await pendingIds(board)).find((id) => !knownNow.has(id))!;
    expect(await card(second, missed).count()).toBe(0);
    await second.evaluate(() => window.__realtime!.connect());
    await card(second, missed).waitFor({ timeout: 3000 });

    // Arabic, dark, on the tablet.
    await board.emulateMedia({ colorScheme: "dark" });
    await board.goto(`${base}${BOARD}&lng=ar`);
    await live(board, "[data-testid=board-live]");
    expect(await board.getAttribute("html", "dir")).toBe("rtl");
    await shoot(board, "board-tablet-ar-dark", { fullPage: true });
    expect(await seriousA11yViolations(board)).toEqual([]);

    // The board on a phone: EN dark, AR light, nothing wider than the screen.
    const phone = await boardContext.newPage();
    await phone.setViewportSize(PHONE);
    for (const [lang, scheme] of [
      ["en", "dark"],
      ["ar", "light"],
    ] as const) {
      await phone.emulateMedia({ colorScheme: scheme });
      await phone.goto(`${base}${BOARD}&lng=${lang}`);
      await live(phone, "[data-testid=board-live]");
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shoot(phone, `board-phone-${lang}-${scheme}`, { fullPage: true });
      expect(await seriousA11yViolations(phone)).toEqual([]);
    }
    expect(problems).toEqual([]);
    await Promise.all([boardContext.close(), dinerContext.close(), dinerPhone2.close()]);
  });
});
