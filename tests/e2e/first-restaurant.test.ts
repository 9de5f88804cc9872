// Issue 17's whole journey in Chromium: a restaurant that has just signed up builds a two-menu branch
// (both languages) with a picture, a required option group and an allergen, sets its colours and
// today's hours, prints its table codes, and a diner who scans table 3's code (decoded from the
// rendered QR) orders from it by SMS code; the order reaches the board from table 3.
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ownAddress, PHONE, screenshotPath, sharedBrowser, watchConsole } from "./browser";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { openRangeAround } from "./hours-near-now";
import { latestCode } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();

/** A real 48×32 PNG photo stand-in: an orange field with a dark band. */
function photo(): Buffer {
  const png = new PNG({ width: 48, height: 32 });
  for (let y = 0; y < 32; y++) for (let x = 0; x < 48; x++) png.data.set(y > 12 && y < 20 ? [40, 30, 20, 255] : [230, 120, 20, 255], (y * 48 + x) * 4);
  return PNG.sync.write(png);
}
const decode = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
};
async function addMenu(page: Page, branch: string, en: string, ar: string) {
  const details = page.getByTestId("add-menu");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  const form = page.getByTestId(`form-new-menu-${branch}`);
  await form.getByLabel("Name (English)").fill(en);
  await form.getByLabel("Name (Arabic)").fill(ar);
  await form.getByRole("button", { name: "Add a menu" }).click();
  await page.getByRole("heading", { name: `Menu: ${en}` }).waitFor();
  return page.getByRole("region", { name: en });
}

async function addCategoryAndDish(page: Page, menu: ReturnType<Page["getByRole"]>, category: [string, string], dish: [string, string, string]) {
  const adding = menu.getByTestId("add-category");
  if (!(await adding.evaluate((d) => (d as HTMLDetailsElement).open))) await adding.locator("summary").click();
  const categoryForm = menu.getByTestId("add-category").locator("form");
  await categoryForm.getByLabel("Name (English)").fill(category[0]);
  await categoryForm.getByLabel("Name (Arabic)").fill(category[1]);
  await categoryForm.getByRole("button", { name: "Add a category" }).click();
  await page.getByRole("heading", { name: category[0] }).waitFor();
  const details = menu.getByTestId("add-dish");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  const form = details.locator("form");
  await form.getByLabel("Name (English)").fill(dish[0]);
  await form.getByLabel("Name (Arabic)").fill(dish[1]);
  await form.getByLabel("Price", { exact: true }).fill(dish[2]);
  await form.getByRole("button", { name: "Add a dish" }).click();
  const row = menu.getByTestId("console-dish").filter({ hasText: dish[0] });
  await row.waitFor();
  return row;
}

describe("a restaurant's first day", () => {
  it("builds a two-menu branch, sets colours and hours, prints table codes, and a diner orders from table 3", { timeout: 240_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, colorScheme: "light", ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `first-day-${Date.now().toString(36)}`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Dune Café", nameAr: "مقهى الكثبان", owner: freshMobile() });
    await finishSignUp(page, "en");

    // Two menus, each with a category and a dish, in both languages.
    await page.goto(`${base}/console/menu`);
    await page.waitForLoadState("networkidle");
    const branch = await page.locator('[data-testid="add-menu"] input[name="branch"]').inputValue();
    const breakfast = await addMenu(page, branch, "Breakfast", "الفطور");
    const shakshuka = await addCategoryAndDish(page, breakfast, ["Eggs", "البيض"], ["Shakshuka", "شكشوكة", "30"]);
    const drinks = await addMenu(page, branch, "Drinks", "المشروبات");
    await addCategoryAndDish(page, drinks, ["Coffee", "القهوة"], ["Flat white", "فلات وايت", "16"]);

    // A picture for the shakshuka, from the phone's files.
    const control = shakshuka.getByTestId("picture-control");
    await control.getByRole("button", { name: "Upload" }).waitFor({ state: "detached" });
    const target = (await control.getAttribute("data-target"))!;
    await control.getByTestId("picture-file").setInputFiles({ name: "shakshuka.png", mimeType: "image/png", buffer: photo() });
    await page.waitForURL((url) => url.searchParams.get("picture") === target && !url.searchParams.has("pictureError"));
    const picture = (await page.locator(`[data-testid="picture-control"][data-target="${target}"] [data-testid="picture-thumbnail"]`).getAttribute("src"))!;

    // Its options and allergens: a required "Bread" group of two choices, and eggs.
    await page.locator(`[data-testid=dish-options-link][href="/console/menu/dishes/${target.slice(5)}"]`).click();
    await page.waitForURL(/\/console\/menu\/dishes\/\d+$/);
    await page.getByTestId("add-group").click();
    const bread = page.getByTestId("dish-group").last();
    await bread.getByLabel("Name (English)").first().fill("Bread");
    await bread.getByLabel("Name (Arabic)").first().fill("الخبز");
    await bread.getByRole("checkbox", { name: "Required" }).check();
    await bread.getByRole("button", { name: "Add a choice" }).click();
    const choices = bread.getByTestId("dish-choice");
    for (const [i, [en, ar]] of [["Sourdough", "عجين مخمّر"], ["Pita", "خبز عربي"]].entries()) {
      await choices.nth(i).getByLabel("Name (English)").fill(en);
      await choices.nth(i).getByLabel("Name (Arabic)").fill(ar);
    }
    await page.getByRole("checkbox", { name: "Eggs", exact: true }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved. Diners see it within seconds.").waitFor();

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
    await page.goto(`${base}/console/branches/${branch}/codes?from=3&to=3&per=1`);
    const url = decode(await page.getByTestId("table-code-svg").screenshot());
    expect(url).toBe(`${base}/table/3/${domain}/${branch}`);
    expect(problems).toEqual([]);

    // A diner scans it on another phone: the restaurant's colours, both menus, the picture.
    const dinerContext = await browser().newContext({ viewport: PHONE, colorScheme: "light", ...ownAddress() });
    const diner = await dinerContext.newPage();
    const dinerProblems = watchConsole(diner);
    await diner.goto(url!);
    await diner.getByRole("link", { name: /Dune Café|Open the menu/ }).first().click();
    await diner.getByTestId("menu-tile").filter({ hasText: "Drinks" }).waitFor();
    expect(await diner.locator("[data-brand]").first().evaluate((el) => getComputedStyle(el).getPropertyValue("--brand-primary").trim())).toBe("#1d4ed8");
    await diner.getByTestId("menu-tile").filter({ hasText: "Breakfast" }).click();
    const card = diner.getByTestId("product-card").filter({ hasText: "Shakshuka" });
    await card.locator(`img[src$="${picture.replace("/storage/", "")}"]`).waitFor();
    await card.getByRole("button").click();
    const sheet = diner.locator("dialog[open]");
    const add = sheet.getByTestId("add-to-cart");
    expect(await add.textContent()).toContain("Bread");
    expect(await add.isDisabled()).toBe(true);
    await sheet.getByRole("radio", { name: "Sourdough" }).click();
    await diner.screenshot({ path: screenshotPath("first-day-diner-sheet-en-light") });
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
    await diner.getByText("Your cart is empty").waitFor();
    expect(dinerProblems).toEqual([]);

    // The order is on the restaurant's board, from table 3.
    await page.goto(`${base}/console/orders?branch=${branch}`);
    const order = page.getByTestId("board-order").first();
    await order.waitFor();
    expect(await order.textContent()).toContain("Table 3");
    expect(await order.textContent()).toContain("Shakshuka");
    await page.screenshot({ path: screenshotPath("first-day-board-en-light"), fullPage: true });
    await Promise.all([context.close(), dinerContext.close()]);
  });
});
