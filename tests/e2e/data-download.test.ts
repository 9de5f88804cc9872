// An owner downloads all the restaurant's data from Account in a browser (EN light, AR dark): the
// button is there and labelled in both languages, and a tap saves one JSON file of the restaurant's data;
// the restaurant's currency is on the same screen, and choosing another one first lists the prices it rounds.
import { readFileSync } from "node:fs";
import type { BrowserContext } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { PHONE, screenshotPath, seriousA11yViolations, sharedBrowser, watchConsole } from "./browser";
import { seedMember } from "./console-seed";

const base = inject("baseUrl").replace("127.0.0.1", "localhost");
const browser = sharedBrowser();

let owner: string;
beforeAll(() => {
  owner = seedMember("owner", "7", "Data Owner", []);
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe("Download all your data", () => {
  const LOOKS = [
    { name: "phone-en-light", lang: "en", colorScheme: "light", label: "Download all your data" },
    { name: "phone-ar-dark", lang: "ar", colorScheme: "dark", label: "نزّل كل بياناتك" },
  ] as const;
  for (const look of LOOKS) {
    it(`saves the restaurant's data file from Account (${look.name})`, { timeout: 60_000 }, async () => {
      context = await browser().newContext({ viewport: PHONE, colorScheme: look.colorScheme, acceptDownloads: true });
      await context.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      expect((await page.goto(`${base}/console/account?lng=${look.lang}`))?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      expect(await page.locator("html").getAttribute("dir")).toBe(look.lang === "ar" ? "rtl" : "ltr");
      const link = page.getByRole("link", { name: look.label });
      await link.waitFor();
      // The currency (a choice until the first order, then said) sits on the same screen.
      await page.getByTestId("currency").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`console-account-data-${look.name}`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^restaurant-saffron-\d{4}-\d\d-\d\d\.json$/);
      const file = JSON.parse(readFileSync((await download.path())!, "utf8")) as { format: string; restaurant: number; tables: Record<string, unknown[]> };
      expect(file).toMatchObject({ format: "restaurant-dump", restaurant: 1 });
      expect(Object.keys(file.tables)).toContain("orders");
      expect(file.tables.webhook_endpoints?.every((row) => (row as { secret: unknown }).secret === null) ?? true).toBe(true);
      // Another currency first lists the prices its decimals round (LBP has none: every fils-priced dish), and converts nothing yet.
      await page.getByTestId("currency").locator("select").selectOption("LBP");
      await page
        .getByTestId("currency")
        .getByRole("button", { name: look.lang === "ar" ? "حفظ العملة" : "Save currency" })
        .click();
      const plan = page.getByTestId("currency-plan");
      await plan.waitFor();
      expect(await plan.locator("li").count()).toBeGreaterThan(0);
      await plan.getByRole("button", { name: look.lang === "ar" ? "التحويل إلى LBP" : "Change to LBP" }).waitFor();
      await page.screenshot({ path: screenshotPath(`console-account-currency-plan-${look.name}`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
