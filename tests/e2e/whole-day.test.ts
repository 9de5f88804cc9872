// A restaurant's whole day against the shipping configuration (the server `npm start` runs: production
// mode, the demo providers, generated secrets; tests/e2e/global-setup.ts): a restaurant signs up from
// the landing page, builds a menu with a picture and a required option group, prints table 3's code;
// one diner orders from table 3 by SMS code and another pays by card; the tablet board shows both live
// with the chime and moves them to Ready while each diner's orders screen follows live; a dish sold
// out and a pause reach the diner. The board's live connection is a condition of every step: if its
// channel auth fails (503 without REALTIME_SECRET), nothing here passes.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import ordering from "../../app/locales/ordering/en";
import { hydrated, ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";
import { addRequiredBread, signUpWithBreakfast, tableCodeUrl, uploadPicture } from "./menu-flow";
import { freshPhone, latestCode } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };
/** "Live" here: on the board within this long of the diner's last tap, on a diner's screen within this long of the board's. */
const LIVE_MS = 3000;

/** Every word this test reads off a screen, in one place (the status words come from their locale). */
const WORDS = {
  status: ordering.orders.statuses,
  table3: "Table 3",
  board: { soundOn: "Turn on sound", start: "Start preparing", ready: "Mark ready", findDish: "Find a dish", forToday: "For today", pause: "15 min" },
  diner: {
    openMenu: /Dune Café|Open the menu/,
    name: "Name",
    phone: "Phone",
    verify: "Verify",
    codeSent: "A verification code has been sent to",
    payByCard: "Pay online by card",
    pay: "Pay",
    unavailable: "Unavailable",
  },
  console: { paymentBoth: "both" },
};

const boardCard = (board: Page, id: number) => board.locator(`[data-testid=board-order][data-order-id="${id}"]`);
const boardIds = (board: Page) => board.locator("[data-testid=board-order]").evaluateAll((cards) => cards.map((c) => Number(c.getAttribute("data-order-id"))));
/** Waits (at most LIVE_MS, no reload) for a pending order the board did not show before; returns its id. */
async function newOrderOnBoard(board: Page, known: number[]): Promise<number> {
  await board.waitForFunction(
    (ids) =>
      [...document.querySelectorAll("[data-testid=board-order][data-status=pending]")].some((c) => !ids.includes(Number(c.getAttribute("data-order-id")))),
    known,
    { timeout: LIVE_MS },
  );
  return (await boardIds(board)).find((id) => !known.includes(id))!;
}
const chimePlaying = (board: Page) =>
  board.waitForFunction(() => !(document.querySelector("[data-testid=chime]") as HTMLAudioElement).paused, undefined, { timeout: 1000 });
/** Waits (at most LIVE_MS) until the diner's card of the order shows the status word. */
const dinerSees = (diner: Page, id: number, word: string) =>
  diner.waitForFunction(
    ([id, word]) => document.querySelector(`[data-testid=order-card][data-order-id="${id}"]`)?.textContent?.includes(word as string),
    [id, word] as const,
    { timeout: LIVE_MS },
  );

/** A diner on a phone, with the dish in the cart (the required bread chosen); ends on the cart. */
async function dinerWithDish(entry: string, bread: "Sourdough" | "Pita", picture: string) {
  const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(entry);
  if (entry.includes("/table/")) await page.getByRole("link", { name: WORDS.diner.openMenu }).first().click();
  await page.getByTestId("menu-tile").filter({ hasText: "Breakfast" }).click();
  const card = page.getByTestId("product-card").filter({ hasText: "Shakshuka" });
  await card.locator(`img[src$="${picture.replace("/storage/", "")}"]`).waitFor();
  await hydrated(page); // the add button opens its sheet once the page is live
  await card.getByRole("button").click();
  const sheet = page.locator("dialog[open]");
  const add = sheet.getByTestId("add-to-cart");
  expect(await add.isDisabled()).toBe(true); // the bread is required
  await sheet.getByRole("radio", { name: bread }).click();
  await add.click();
  await page.getByTestId("toast-success").click();
  await page.getByTestId("cart-line").first().waitFor();
  await page.getByLabel(WORDS.diner.name, { exact: true }).fill(bread === "Sourdough" ? "Sara" : "Omar");
  return { context, page, problems };
}

/** The diner's orders screen, opened explicitly (whatever the checkout landed on), connected. */
async function ordersScreen(diner: Page, domain: string, branch: string) {
  await diner.goto(`${base}/${domain}/${branch}/orders`);
  await diner.locator("main[data-live=true]").waitFor({ timeout: 10_000 });
}

describe("a whole day, in the shipping configuration", () => {
  it("sign-up to sold-out and pause, with the board and the diners live throughout", { timeout: 300_000 }, async () => {
    // The owner signs up from the landing page on the restaurant's tablet.
    const tablet = await browser().newContext({ ...ownAddress(), viewport: TABLET, colorScheme: "light" });
    const page = await tablet.newPage();
    const problems = watchConsole(page);
    // …and builds a menu with a pictured dish whose bread must be chosen.
    const { domain, branch, shakshuka } = await signUpWithBreakfast(page, base, "whole-day");
    const { target, picture } = await uploadPicture(page, shakshuka, "shakshuka.png");
    await addRequiredBread(page, target);

    // Diners may pay by card too (the demo provider).
    await page.goto(`${base}/console/branches/${branch}`);
    await page.getByTestId("branch-settings").waitFor();
    await page.locator("select[name=payment_mode]").selectOption(WORDS.console.paymentBoth);
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/console/branches/${branch}`));
    await page.getByTestId("branch-save").click();
    expect((await saved).status()).toBe(200);
    // The answer's screen is in (a tap before the script ran is a plain form post, a navigation).
    await page.getByTestId("branch-saved").waitFor();

    // Table 3's code.
    const table3 = await tableCodeUrl(page, base, branch, 3);
    expect(table3).toBe(`${base}/table/3/${domain}/${branch}`);

    // The board, connected, with the sound on.
    const board = page;
    await board.goto(`${base}/console/orders?branch=${branch}`);
    await board.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });
    await board.getByRole("button", { name: WORDS.board.soundOn }).click();
    await board.getByTestId("sound-on").waitFor();

    // Diner 1 scans table 3 and orders by SMS code: on the board within seconds, ringing.
    const sms = await dinerWithDish(table3!, "Sourdough", picture);
    const smsPhone = freshPhone("0504");
    await sms.page.getByLabel(WORDS.diner.phone, { exact: true }).fill(smsPhone);
    await sms.page.locator("button[name=intent][value=send-code]").click();
    const otp = sms.page.locator("dialog[open]");
    await otp.getByText(WORDS.diner.codeSent).waitFor();
    await otp.getByLabel("Verification code").fill(await latestCode(base, smsPhone));
    await otp.getByRole("button", { name: WORDS.diner.verify }).click();
    const smsOrder = await newOrderOnBoard(board, []);
    await chimePlaying(board);
    expect(await boardCard(board, smsOrder).textContent()).toContain(WORDS.table3);
    expect(await boardCard(board, smsOrder).textContent()).toContain("Sourdough");

    // Diner 2 pays by card on the demo pay page: on the board within seconds too.
    const card = await dinerWithDish(`${base}/${domain}/${branch}`, "Pita", picture);
    await card.page.getByLabel(WORDS.diner.phone, { exact: true }).fill(freshPhone("0505"));
    await card.page.getByRole("button", { name: WORDS.diner.payByCard }).click();
    await card.page.waitForURL(/\/api\/pay\//);
    await card.page.getByRole("button", { name: WORDS.diner.pay }).click();
    const cardOrder = await newOrderOnBoard(board, [smsOrder]);
    await chimePlaying(board);
    expect(await boardCard(board, cardOrder).textContent()).toContain("Pita");
    await card.page.waitForURL(new RegExp(`/${domain}/${branch}/orders`));
    await shoot(board, "whole-day-board-two-orders-tablet-en-light", { fullPage: true });

    // Each diner follows their order on the orders screen.
    for (const [diner, order] of [
      [sms.page, smsOrder],
      [card.page, cardOrder],
    ] as const) {
      await ordersScreen(diner, domain, branch);
      await dinerSees(diner, order, WORDS.status.pending);
    }

    // The board takes both to Ready; each tap reaches the diner live.
    for (const [diner, order] of [
      [sms.page, smsOrder],
      [card.page, cardOrder],
    ] as const) {
      await boardCard(board, order).getByRole("button", { name: WORDS.board.start }).click();
      await boardCard(board, order).and(board.locator("[data-status=inProcess]")).waitFor({ timeout: LIVE_MS });
      await dinerSees(diner, order, WORDS.status.inProcess);
      await boardCard(board, order).getByRole("button", { name: WORDS.board.ready }).click();
      await boardCard(board, order).and(board.locator("[data-status=ready]")).waitFor({ timeout: LIVE_MS });
      await dinerSees(diner, order, WORDS.status.ready);
    }
    await shoot(sms.page, "whole-day-diner-ready-en-light", { fullPage: true });

    // Sold out for today from the board: the diner's menu shows it unavailable.
    const panel = board.getByTestId("sold-out-panel");
    await panel.locator("summary").click();
    await panel.getByLabel(WORDS.board.findDish).fill("Shakshuka");
    const row = panel.locator("[data-testid=sold-out-dish]").filter({ hasText: "Shakshuka" }).first();
    await row.getByRole("button", { name: WORDS.board.forToday }).click();
    await panel.locator("[data-testid=sold-out-dish][data-state=today]").filter({ hasText: "Shakshuka" }).waitFor();
    const diner = sms.page;
    await diner.goto(`${base}/${domain}/${branch}`);
    await diner.getByTestId("menu-tile").filter({ hasText: "Breakfast" }).click();
    const dish = diner.getByTestId("product-card").filter({ hasText: "Shakshuka" });
    await dish.getByText(WORDS.diner.unavailable).waitFor();
    expect(await dish.getByRole("button").isDisabled()).toBe(true);

    // A pause from the board: the diner's next page says so.
    await board.getByRole("button", { name: WORDS.board.pause }).click();
    await board
      .getByTestId("pause-state")
      .filter({ hasText: /\d{1,2}:\d{2}/ })
      .waitFor();
    await shoot(board, "whole-day-board-paused-tablet-en-light", { fullPage: true });
    await diner.goto(`${base}/${domain}/${branch}`);
    await diner.getByTestId("ordering-paused").first().waitFor();
    await shoot(diner, "whole-day-diner-paused-en-light", { fullPage: true });

    expect(problems).toEqual([]);
    expect(sms.problems).toEqual([]);
    expect(card.problems).toEqual([]);
    await Promise.all([tablet.close(), sms.context.close(), card.context.close()]);
  });
});
