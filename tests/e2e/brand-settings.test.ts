// The colours screen in Chromium: a new owner (signed up here, so the demo restaurants keep their colours)
// types a low-contrast pair and sees the warning with its ratio, picks a readable pair with the colour
// picker, sees the preview follow, saves; the diner's page of that restaurant paints with the new primary.
// Screenshots: the editor with its preview on a phone (EN light, AR dark) and a tablet.
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();
const TABLET = { width: 820, height: 1180 };

/** A full-page shot from the top (a reload keeps the scroll, and the console's sticky header would be drawn mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, { fullPage: true });
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

describe("the restaurant's colours", () => {
  it("warns about a low-contrast pair, previews as typed, saves, and the diner's page uses the colour", { timeout: 150_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `colours-${Date.now().toString(36)}`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Harbour Kitchen", nameAr: "مطبخ الميناء", owner: freshMobile() });
    await finishSignUp(page, "en");

    await page.goto(`${base}/console/branches`);
    await page.getByRole("link", { name: "Colours and social links" }).click();
    await page.waitForURL(/\/console\/branches\/brand$/);
    await page.waitForLoadState("networkidle");
    // A new restaurant starts from the product's colours, all readable.
    expect(await page.getByTestId("colour-primary").inputValue()).toBe("#b45309");
    expect(await page.getByTestId("contrast").getAttribute("data-failing")).toBe("0");

    // A pale main colour under white text: the warning names the pair, its ratio and what to do.
    await page.getByTestId("colour-primary").fill("#fde68a");
    await expect.poll(() => page.getByTestId("contrast").getAttribute("data-failing")).toBe("2");
    const warning = await page.getByTestId("contrast-onPrimary").textContent();
    expect(warning).toContain("Text on the main colour");
    expect(warning).toMatch(/1\.\d:1 \(needs 4\.5:1\)/);
    expect(warning).toContain("darker main colour");
    await page.getByTestId("contrast-primaryText").waitFor();
    await shot(page, "brand-editor-warning-en-light");

    // A readable pair: the main colour from the picker (its hex field follows), the page colours typed.
    await page.getByTestId("picker-primary").fill("#1d4ed8");
    expect(await page.getByTestId("colour-primary").inputValue()).toBe("#1d4ed8");
    await page.getByTestId("colour-onPrimary").fill("#ffffff");
    await page.getByTestId("colour-background").fill("#f8fafc");
    await page.getByTestId("colour-onBackground").fill("#0f172a");
    await expect.poll(() => page.getByTestId("contrast").getAttribute("data-failing")).toBe("0");
    // The preview follows what is typed, before any save: light paints the colour, dark a lighter one of its hue.
    expect(await background(page, "[data-testid=brand-preview-button-light]")).toBe("rgb(29, 78, 216)");
    expect(await background(page, "[data-testid=brand-preview-light] > div")).toBe("rgb(248, 250, 252)");
    const dark = await background(page, "[data-testid=brand-preview-button-dark]");
    expect(dark).not.toBe("rgb(29, 78, 216)");
    await shot(page, "brand-editor-en-light");

    await page.getByTestId("save-colours").click();
    await expect.poll(() => page.getByTestId("brand-outcome").textContent()).toContain("Colours saved");

    // Social links: one saved, shown to diners.
    await page.getByTestId("social-instagram").fill("instagram.com/harbourkitchen");
    await page.getByTestId("save-socials").click();
    await expect.poll(() => page.getByTestId("brand-outcome").textContent()).toContain("Social links saved");

    // The first steps tick the colours.
    await page.goto(`${base}/console`);
    expect(await page.getByTestId("step-colours").getAttribute("data-done")).toBe("true");

    // A diner right away: the restaurant's primary fills its header.
    const diner = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const dinerPage = await diner.newPage();
    expect((await dinerPage.goto(`${base}/${domain}`))!.status()).toBe(200);
    expect(await background(dinerPage, "[data-brand] .bg-primary")).toBe("rgb(29, 78, 216)");
    await diner.close();

    // Reset fills in the product's colours (not saved until Save).
    await page.goto(`${base}/console/branches/brand`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("colour-primary").inputValue()).toBe("#1d4ed8");
    expect(await page.getByTestId("social-instagram").inputValue()).toBe("instagram.com/harbourkitchen");
    await page.getByTestId("reset-colours").click();
    await expect.poll(() => page.getByTestId("colour-primary").inputValue()).toBe("#b45309");
    expect(await page.getByTestId("colour-background").inputValue()).toBe("#fffbf5");

    // The tablet, then the phone in Arabic and dark.
    await page.setViewportSize(TABLET);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await shot(page, "brand-editor-tablet-en-light");
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/console/branches/brand?lng=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByRole("heading", { name: "الألوان وروابط التواصل" }).waitFor();
    await shot(page, "brand-editor-ar-dark");
    expect(problems).toEqual([]);
    await context.close();
  });
});
