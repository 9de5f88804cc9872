// A Saudi owner registers a branch with ZATCA in a real browser, on `npm start`'s configuration (the
// stand-in of ZATCA, DEMO on screen; docs/zatca-stand-in.md): the Tax & invoices screen asks for the VAT
// number first, refuses the OTP 000000 as ZATCA refuses a wrong one, then registers the branch with the
// demo OTP and shows it registered with its certificate's expiry. Screenshots: phone EN light, AR dark.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, ownAddress, screenshotPath, seriousA11yViolations, sharedBrowser, watchConsole } from "./browser";
import { fillSignUp, finishSignUp } from "./console-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();

async function saveVatNumber(page: Page) {
  await page.getByTestId("seller-legal_name_en").fill("Dune Café Co.");
  await page.getByTestId("seller-legal_name_ar").fill("شركة مقهى الكثبان");
  await page.getByTestId("seller-trn").fill("310122393500003");
  await page.getByTestId("save-seller").click();
  await expect.poll(() => page.getByTestId("tax-outcome").textContent()).toContain("Saved");
}

describe("registering a Saudi branch with ZATCA", () => {
  it("asks for the VAT number, refuses a wrong OTP, registers with the demo OTP (EN light, AR dark)", { timeout: 180_000 }, async () => {
    const n = String(Date.now()).slice(-7);
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `zatca-${Date.now().toString(36)}`;
    await fillSignUp(page, base, {
      lang: "en",
      domain,
      name: "Dune Café",
      nameAr: "مقهى الكثبان",
      owner: { typed: `050${n}`, e164: `+96650${n}` },
      country: "SA",
    });
    await finishSignUp(page, "en");

    await page.goto(`${base}/console/tax?lng=en`);
    await page.waitForLoadState("networkidle");
    const section = page.getByTestId("egs-section");
    await expect.poll(() => section.getByTestId("egs-demo").textContent()).toContain("123456");
    await expect.poll(() => section.getByTestId("egs-no-vat").isVisible()).toBe(true);
    expect(await section.getByTestId("egs-otp").count()).toBe(0);
    await saveVatNumber(page);

    const branch = section.locator("li").first();
    await expect.poll(() => branch.getByTestId("egs-state").getAttribute("data-state")).toBe("none");
    await branch.getByTestId("egs-otp").fill("000000");
    await branch.getByTestId("egs-submit").click();
    await expect.poll(() => branch.getByTestId("egs-outcome").textContent()).toContain("ZATCA refused the OTP");
    expect(await branch.getByTestId("egs-messages").textContent()).toContain("Invalid-OTP");
    expect(await branch.getByTestId("egs-state").getAttribute("data-state")).toBe("none");

    await branch.getByTestId("egs-otp").fill("123456");
    await branch.getByTestId("egs-submit").click();
    await expect.poll(() => branch.getByTestId("egs-outcome").textContent(), { timeout: 20_000 }).toContain("registered with ZATCA");
    await expect.poll(() => branch.getByTestId("egs-state").getAttribute("data-state")).toBe("active");
    expect(await branch.getByTestId("egs-expiry").textContent()).toMatch(/Certificate valid until .*20\d\d/);
    expect(await branch.getByTestId("egs-submit").textContent()).toBe("Renew the certificate");
    expect(await branch.getByTestId("egs-otp").inputValue()).toBe("");
    // From the top: a full-page shot taken scrolled down paints the sticky console header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath("zatca-onboarding-phone-en-light"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/console/tax?lng=ar`);
    await page.waitForLoadState("networkidle");
    await expect.poll(() => page.getByTestId("egs-state").first().textContent()).toBe("مسجّل");
    expect(await page.getByTestId("egs-demo").textContent()).toContain("تجريبي");
    await page.screenshot({ path: screenshotPath("zatca-onboarding-phone-ar-dark"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The refused OTP is ZATCA's 400, answered as such: the browser logs that one response, nothing else.
    expect(problems).toEqual(["error: Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await context.close();
  });
});
