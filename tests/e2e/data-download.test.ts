// An owner downloads all the restaurant's data from Account in a browser (EN light, AR dark): the
// button is there and labelled in both languages, and a tap saves one JSON file of the restaurant's data;
// the restaurant's currency is on the same screen. Choosing another currency first lists the prices it
// rounds: that needs a restaurant with no order yet, so it is a new one (the demo restaurants take the
// other browser tests' orders, which fix their currency).
import { readFileSync } from "node:fs";
import type { BrowserContext } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { catalogueSql, seedMember, sqlRows } from "./console-seed";

const base = inject("baseUrl").replace("127.0.0.1", "localhost");
const browser = sharedBrowser();

let owner: string;
beforeAll(() => {
  owner = seedMember("owner", "7", "Data Owner", []);
});

/** The new restaurant's signed-in owner (its cookies), with two dishes in AED and no order; signed up once, inside the first test that needs it (sign-up polls). */
let newOwner: Promise<Awaited<ReturnType<BrowserContext["storageState"]>>> | undefined;
async function signUpNewOwner() {
  const signUp = await browser().newContext({ viewport: PHONE, ...ownAddress() });
  const page = await signUp.newPage();
  const domain = `currency-${Date.now().toString(36)}`;
  await fillSignUp(page, base, { lang: "en", domain, name: "Dhow Coffee", nameAr: "قهوة الداو", owner: freshMobile() });
  await finishSignUp(page, "en");
  const state = await signUp.storageState();
  await signUp.close();
  const restaurant = Number(sqlRows(`SELECT id FROM restaurants WHERE domain = '${domain}'`)[0]!.id);
  const menu = `(SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ${restaurant} ORDER BY m.id LIMIT 1)`;
  catalogueSql(restaurant, `INSERT INTO categories (menu_id, name_en, name_ar, sort_num) VALUES (${menu}, 'Coffee', 'قهوة', 0)`);
  // 2.50 AED has fils LBP lacks (it becomes 3 LBP, so it is listed); 12.00 AED stays 12 LBP (not listed).
  catalogueSql(
    restaurant,
    `INSERT INTO products (category_id, name_en, name_ar, price_minor, sort_num)
    SELECT c.id, v.column1, v.column2, v.column3, v.column4 FROM (VALUES ('Karak', 'كرك', 250, 0), ('Dallah', 'دلة', 1200, 1)) v JOIN categories c ON c.menu_id = ${menu}`,
  );
  return state;
}

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
      await shoot(page, `console-account-data-${look.name}`, { fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^restaurant-saffron-\d{4}-\d\d-\d\d\.json$/);
      const file = JSON.parse(readFileSync((await download.path())!, "utf8")) as { format: string; restaurant: number; tables: Record<string, unknown[]> };
      expect(file).toMatchObject({ format: "restaurant-dump", restaurant: 1 });
      expect(Object.keys(file.tables)).toContain("orders");
      expect(file.tables.webhook_endpoints?.every((row) => (row as { secret: unknown }).secret === null) ?? true).toBe(true);
      expect(problems).toEqual([]);
    });

    it(`lists the prices another currency rounds before changing it (${look.name})`, { timeout: 120_000 }, async () => {
      const storageState = await (newOwner ??= signUpNewOwner());
      context = await browser().newContext({ viewport: PHONE, colorScheme: look.colorScheme, storageState, ...ownAddress() });
      const page = await context.newPage();
      const problems = watchConsole(page);
      expect((await page.goto(`${base}/console/account?lng=${look.lang}`))?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      // Another currency first lists the prices its decimals round (LBP has none: the fils-priced dish), and converts nothing yet.
      await page.getByTestId("currency").locator("select").selectOption("LBP");
      await page
        .getByTestId("currency")
        .getByRole("button", { name: look.lang === "ar" ? "حفظ العملة" : "Save currency" })
        .click();
      const plan = page.getByTestId("currency-plan");
      await plan.waitFor();
      expect(await plan.locator("li").allTextContents()).toEqual([look.lang === "ar" ? expect.stringContaining("كرك") : expect.stringContaining("Karak")]);
      await plan.getByRole("button", { name: look.lang === "ar" ? "التحويل إلى LBP" : "Change to LBP" }).waitFor();
      await shoot(page, `console-account-currency-plan-${look.name}`, { fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
