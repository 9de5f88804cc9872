// Pickup orders in a real browser (docs/decisions/0055): the owner lets saffron's first branch take
// pickup orders (branch settings, 20 minutes' preparation); its hours today run from an hour ago to two
// hours from now. A diner away from any table is offered only quarter hours inside them, picks the
// second one (about 40 minutes ahead: "12:30, placed at 11:50") and orders by SMS code; the board on a
// tablet shows "Pickup HH:MM"; staff prepare it and mark it ready, and the diner's phone says "Ready
// for pickup" with the address and a map link, live. A time outside the hours (forced into the form,
// as a stale page would send it) is refused by the API and said beside the form. Screenshots: phone EN
// light / AR dark, the board on a tablet. Then the diner rates the order: five stars
// and a note, answered with the owner's review link, and the rating shows in the owner's insights.
// Pickup, the hours and the review link are off again at the end.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { catalogueSql, seedMember } from "./console-seed";
import { purge } from "./http";
import { fillCart, latestCode } from "./ordering-flow";

const base = inject("baseUrl");
const PURGE_SECRET = inject("purgeSecret");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };
const HOUR = 3_600_000;
const dubaiTime = (at: number) => new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dubai", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

afterAll(async () => {
  catalogueSql(1, "UPDATE branches SET pickup = 0, opening_hours = NULL WHERE id = 1; UPDATE brand SET review_url = NULL");
  await purge(base, PURGE_SECRET, "saffron");
});

/** Fills name and phone, picks `choice` as the pickup time, and asks for a code; returns the phone. */
async function checkoutFor(page: Page, choice: string) {
  const phone = `0503${String(Date.now()).slice(-6)}`;
  await page.getByLabel("Name", { exact: true }).fill("Huda");
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  await page.getByTestId("pickup-select").selectOption(choice);
  await page.getByRole("button", { name: "Confirm by SMS code" }).click();
  const sheet = page.locator("dialog[open]");
  await sheet.getByText("A verification code has been sent to").waitFor();
  await sheet.getByLabel("Verification code").fill(await latestCode(base, phone));
  await sheet.getByRole("button", { name: "Verify" }).click();
}

describe("pickup orders", () => {
  it("a pickup order about 40 minutes ahead reaches the board with its time and 'Ready for pickup' on the diner's phone", { timeout: 180_000 }, async () => {
    const now = Date.now();
    const [opens, closes] = [dubaiTime(now - HOUR), dubaiTime(now + 2 * HOUR)];
    catalogueSql(
      1,
      `UPDATE branches SET opening_hours = '${JSON.stringify({ weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens, closes })), exceptions: [] })}' WHERE id = 1`,
    );
    await purge(base, PURGE_SECRET, "saffron");

    const owner = seedMember("owner", "9", "Pickup Owner", []);
    const boardContext = await browser().newContext({ ...ownAddress(), viewport: TABLET, colorScheme: "light" });
    await boardContext.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
    const board = await boardContext.newPage();
    const boardProblems = watchConsole(board);
    await board.goto(`${base}/console/branches/1?lng=en`);
    await board.getByLabel(/Takes pickup orders/).check();
    await board.getByLabel(/Preparation time of a pickup order/).fill("20");
    const saved = board.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/console/branches/1"));
    await board.getByTestId("branch-save").click();
    expect((await saved).status()).toBe(200);
    await board.goto(`${base}/console/orders?branch=1&lng=en`);
    await board.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });

    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await fillCart(diner, base, "en");
    // The page offers a day ahead of when it was made, minutes after this test began.
    const madeBy = Date.now();
    // Only quarter hours the kitchen can make inside today's hours are offered.
    const options = await diner
      .getByTestId("pickup-select")
      .locator("option")
      .evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options[0]).toEqual(["", "Eat here"]);
    expect(options[1]).toEqual(["asap", "Pick up as soon as possible (about 20 min)"]);
    const slots = options.slice(2).map(([value]) => Number(value));
    expect(slots.length).toBeGreaterThan(2);
    // Each is a quarter hour, not sooner than the kitchen can make it, within a day, inside the hours on its day.
    const inHours = (t: string) => (opens < closes ? opens <= t && t < closes : t >= opens || t < closes);
    const outside = slots.filter((at) => !(at >= now + 20 * 60_000 && at <= madeBy + 24 * HOUR && at % (15 * 60_000) === 0 && inHours(dubaiTime(at))));
    expect(outside.map(dubaiTime)).toEqual([]);
    // Today's come first, on the day's clock ("14:30"); tomorrow's name their day ("Fri 12:15").
    expect(options[2]![1]).toMatch(/^Pick up at (\w{3} )?\d\d:\d\d$/);
    expect(await seriousA11yViolations(diner)).toEqual([]);

    // A time outside the hours, as a page left open since yesterday would send it: refused, the cart kept.
    const closed = String(Math.ceil((now + 3 * HOUR) / (15 * 60_000)) * 15 * 60_000);
    expect(inHours(dubaiTime(Number(closed)))).toBe(false);
    await diner
      .locator("[data-testid=pickup-select] option")
      .nth(2)
      .evaluate((option, value) => option.setAttribute("value", value), closed);
    await checkoutFor(diner, closed);
    await diner.getByText("That pickup time is not available any more: please choose another").waitFor();
    expect(await diner.getByTestId("cart-line").count()).toBeGreaterThan(0);
    await diner.reload();
    await diner.getByTestId("cart-line").first().waitFor();

    // The second quarter hour offered (the first ones can be close to the kitchen's limit).
    const chosen = slots[1]!;
    await checkoutFor(diner, String(chosen));
    await diner.waitForURL(/\/saffron\/1\/orders\?justOrdered=true/);
    const card = diner.getByTestId("order-card").first();
    await card
      .getByTestId("order-pickup")
      .filter({ hasText: `Pickup at ${dubaiTime(chosen)}` })
      .waitFor();
    const orderId = Number(await card.getAttribute("data-order-id"));
    await shoot(diner, "pickup-order-phone-en-light", { fullPage: true });

    // The board: the order with its pickup time; staff prepare it and mark it ready.
    const onBoard = board.locator(`[data-testid=board-order][data-order-id="${orderId}"]`);
    await onBoard
      .getByTestId("order-pickup")
      .filter({ hasText: `Pickup ${dubaiTime(chosen)}` })
      .waitFor({ timeout: 2000 });
    expect(await seriousA11yViolations(board)).toEqual([]);
    await shoot(board, "pickup-board-tablet-en-light");
    // The same ticket in Arabic, dark.
    await board.emulateMedia({ colorScheme: "dark" });
    await board.goto(`${base}/console/orders?branch=1&lng=ar`);
    await board.locator(`[data-testid=board-order][data-order-id="${orderId}"]`).getByTestId("order-pickup").filter({ hasText: "استلام" }).waitFor();
    expect(await seriousA11yViolations(board)).toEqual([]);
    await shoot(board, "pickup-board-tablet-ar-dark");
    await board.emulateMedia({ colorScheme: "light" });
    await board.goto(`${base}/console/orders?branch=1&lng=en`);
    await board.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });
    await onBoard.getByRole("button", { name: "Start preparing" }).click();
    await board.locator(`[data-testid=board-order][data-order-id="${orderId}"][data-status=inProcess]`).waitFor();
    await board.locator(`[data-testid=board-order][data-order-id="${orderId}"]`).getByRole("button", { name: "Mark ready" }).click();

    // The diner's phone, live: ready for pickup, where, and a map.
    await card.getByTestId("order-badge").filter({ hasText: "Ready for pickup" }).waitFor({ timeout: 5000 });
    await card.click();
    const sheet = diner.getByTestId("order-sheet");
    await sheet.getByTestId("order-status").filter({ hasText: "Ready for pickup" }).waitFor();
    expect(await sheet.getByTestId("order-pickup").textContent()).toContain("Collect it at Marina Walk");
    expect(await sheet.getByRole("link", { name: "Open the map" }).getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Marina/,
    );
    await shoot(diner, "pickup-ready-phone-en-light");

    // The owner's review link (beside the social links), then the diner's word: five stars and a note,
    // answered with the link; the rating reaches the owner's insights.
    await board.goto(`${base}/console/branches/brand?lng=en`);
    await board.getByTestId("review-url").fill("https://g.page/r/saffron-cafe/review");
    const linksSaved = board.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/console/branches/brand"));
    await board.getByTestId("save-socials").click();
    expect((await linksSaved).status()).toBe(200);
    const rate = sheet.getByTestId("rate-order");
    await rate.getByLabel("5 stars").check();
    await rate.getByLabel("A word for the restaurant (optional)").fill("Hot and on time");
    expect(await seriousA11yViolations(diner)).toEqual([]);
    await rate.getByRole("button", { name: "Send rating" }).click();
    const rated = sheet.getByTestId("order-rated");
    await rated.waitFor();
    expect(await rated.getByTestId("review-link").getAttribute("href")).toBe("https://g.page/r/saffron-cafe/review");
    await shoot(diner, "rating-phone-en-light");
    await board.goto(`${base}/console/insights?branch=1&days=7&lng=en`);
    await board.getByTestId("insights-rating-notes").getByText("Hot and on time").waitFor();
    expect(await board.getByTestId("insights-rating-average").textContent()).toMatch(/★ from \d+ ratings?/);
    await board.getByTestId("insights-ratings").scrollIntoViewIfNeeded();
    await shoot(board, "insights-ratings-tablet-en-light");

    // The same in Arabic, dark.
    await diner.emulateMedia({ colorScheme: "dark" });
    await diner.goto(`${base}/saffron/1/orders?lng=ar`);
    await diner.getByTestId("order-card").first().getByTestId("order-badge").filter({ hasText: "جاهز للاستلام" }).waitFor();
    await shoot(diner, "pickup-ready-phone-ar-dark", { fullPage: true });

    expect(boardProblems).toEqual([]);
    // The refused checkout is a 422 by design; nothing else.
    expect(dinerProblems.filter((p) => !p.includes("422"))).toEqual([]);
    await boardContext.close();
    await dinerContext.close();
  });
});
