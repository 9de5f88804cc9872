// A new restaurant's whole first journey in Chromium: a restaurant that has just signed up builds a two-menu branch
// (both languages) with a picture, a required option group and an allergen, sets its colours and
// today's hours, prints its table codes, and a diner who scans table 3's code (decoded from the
// rendered QR) orders from it by SMS code; the order reaches the board from table 3.
import { describe, expect, inject, it } from "vitest";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";
import { openRangeAround } from "./hours-near-now";
import { addCategoryAndDish, addMenu, addRequiredBread, signUpWithBreakfast, tableCodeUrl, uploadPicture } from "./menu-flow";
import { expectLandedOnOrder, latestCode } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe("a restaurant's first day", () => {
  it("builds a two-menu branch, sets colours and hours, prints table codes, and a diner orders from table 3", { timeout: 240_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, colorScheme: "light", ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // Two menus, each with a category and a dish, in both languages.
    const { domain, branch, shakshuka } = await signUpWithBreakfast(page, base, "first-day");
    const drinks = await addMenu(page, branch, "Drinks", "المشروبات");
    await addCategoryAndDish(page, drinks, ["Coffee", "القهوة"], ["Flat white", "فلات وايت", "16"]);

    // A picture for the shakshuka, from the phone's files.
    const { target, picture } = await uploadPicture(page, shakshuka, "shakshuka.png");

    // Its options and allergens: a required "Bread" group of two choices, and eggs.
    await addRequiredBread(page, target, "Eggs");

    // Colours.
    await page.goto(`${base}/console/branches/brand`);
    await page.waitForLoadState("networkidle");
    await page.getByTestId("colour-primary").fill("#1d4ed8");
    await page.getByTestId("colour-onPrimary").fill("#ffffff");
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/console/branches/brand"));
    await page.getByTestId("save-colours").click();
    expect((await saved).status()).toBe(200);

    // Hours around now in Dubai (the new restaurant's zone): open from the hour an hour ago, on that
    // hour's weekday (just after midnight, yesterday's), for four hours (tests/unit/hours-near-now.test.tsx).
    await page.goto(`${base}/console/branches/${branch}`);
    await page.getByTestId("branch-settings").waitFor();
    const { weekday, opens, closes } = openRangeAround(Date.now(), "Asia/Dubai");
    await page.getByTestId(`add-range-${weekday}`).click();
    const day = page.getByTestId(`hours-day-${weekday}`);
    await day.locator(`input[name=opens-${weekday}]`).last().fill(opens);
    await day.locator(`input[name=closes-${weekday}]`).last().fill(closes);
    const hoursSaved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/console/branches/${branch}`));
    await page.getByTestId("branch-save").click();
    expect((await hoursSaved).status()).toBe(200);

    // Table codes: table 3's, decoded from the rendered code.
    const url = await tableCodeUrl(page, base, branch, 3);
    expect(url).toBe(`${base}/table/3/${domain}/${branch}`);
    expect(problems).toEqual([]);

    // A diner scans it on another phone: the restaurant's colours, both menus, the picture.
    const dinerContext = await browser().newContext({ viewport: PHONE, colorScheme: "light", ...ownAddress() });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await diner.goto(url!);
    await diner
      .getByRole("link", { name: /Dune Café|Open the menu/ })
      .first()
      .click();
    await diner.getByTestId("menu-tile").filter({ hasText: "Drinks" }).waitFor();
    expect(
      await diner
        .locator("[data-brand]")
        .first()
        .evaluate((el) => getComputedStyle(el).getPropertyValue("--brand-primary").trim()),
    ).toBe("#1d4ed8");
    await diner.getByTestId("menu-tile").filter({ hasText: "Breakfast" }).click();
    const card = diner.getByTestId("product-card").filter({ hasText: "Shakshuka" });
    await card.locator(`img[src$="${picture.replace("/storage/", "")}"]`).waitFor();
    await card.getByRole("button").click();
    const sheet = diner.locator("dialog[open]");
    const add = sheet.getByTestId("add-to-cart");
    expect(await add.textContent()).toContain("Bread");
    expect(await add.isDisabled()).toBe(true);
    await sheet.getByRole("radio", { name: "Sourdough" }).click();
    await shoot(diner, "first-day-diner-sheet-en-light");
    await add.click();
    await diner.getByTestId("toast-success").click();
    await diner.getByTestId("cart-line").first().waitFor();
    const phone = `0504${String(Date.now()).slice(-6)}`;
    await diner.getByLabel("Name", { exact: true }).fill("Sara");
    await diner.getByLabel("Phone", { exact: true }).fill(phone);
    await diner.locator("button[name=intent][value=send-code]").click();
    const otp = diner.locator("dialog[open]");
    await otp.getByText("A verification code has been sent to").waitFor();
    await otp.getByLabel("Verification code").fill(await latestCode(base, phone));
    await otp.getByRole("button", { name: "Verify" }).click();
    await expectLandedOnOrder(diner, `/table/3/${domain}/${branch}`);
    expect(dinerProblems).toEqual([]);

    // The order is on the restaurant's board, from table 3.
    await page.goto(`${base}/console/orders?branch=${branch}`);
    const order = page.getByTestId("board-order").first();
    await order.waitFor();
    expect(await order.textContent()).toContain("Table 3");
    expect(await order.textContent()).toContain("Shakshuka");
    await shoot(page, "first-day-board-en-light", { fullPage: true });
    await Promise.all([context.close(), dinerContext.close()]);
  });
});
