// What diners look at, in the running site (the tally flushing once a minute): diners browse saffron's Marina
// branch, the tally flushes, and its owner sees the dish, the menu and the hour on /console/insights,
// on a phone in English (light) and Arabic (dark, the bars mirrored), with no serious axe violations.
import type { BrowserContext } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { PHONE, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { seedMember } from "./console-seed";
import { get } from "./http";

const base = inject("baseUrl").replace("127.0.0.1", "localhost");
const browser = sharedBrowser();

let owner: string;
beforeAll(async () => {
  owner = seedMember("owner", "7", "Insights Owner", []);
  // Six diners open the Breakfast menu and the Saffron Shakshuka (menu 1, dish 1), each from their own network.
  const net = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  for (let i = 0; i < 6; i++) {
    const headers = { "cf-connecting-ip": `${net}.${i + 1}` };
    expect((await get(`${base}/saffron/1/1`, headers)).status).toBe(200);
    expect((await get(`${base}/saffron/1/1/1`, headers)).status).toBe(200);
  }
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe("insights", () => {
  const LOOKS = [
    { name: "phone-en-light", lang: "en", colorScheme: "light", dish: "Saffron Shakshuka", menu: "Breakfast" },
    { name: "phone-ar-dark", lang: "ar", colorScheme: "dark", dish: "شكشوكة بالزعفران", menu: "الفطور" },
  ] as const;
  for (const look of LOOKS) {
    it(`shows the owner what diners looked at (${look.name})`, { timeout: 120_000 }, async () => {
      context = await browser().newContext({ viewport: PHONE, colorScheme: look.colorScheme });
      await context.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      // The shared server flushes the tally once a minute (as a deploy does: FLUSH_MS), so the views show
      // within a minute of the first one; alone, this file waits that long.
      await expect
        .poll(
          async () => {
            await page.goto(`${base}/console/insights?days=7&branch=1&lng=${look.lang}`);
            return page.getByTestId("insights-dishes").getByText(look.dish).count();
          },
          { timeout: 75_000, interval: 2_000 },
        )
        .toBeGreaterThan(0);
      await page.waitForLoadState("networkidle");
      expect(await page.locator("html").getAttribute("dir")).toBe(look.lang === "ar" ? "rtl" : "ltr");
      expect(await page.getByTestId("insights-menus").getByText(look.menu).count()).toBeGreaterThan(0);
      expect(Number(await page.getByTestId("insights-total-views").textContent())).toBeGreaterThanOrEqual(6);
      // The chart's numbers are there for screen readers: a row per hour, the branch views among them.
      const hourRows = page.getByTestId("insights-hours-chart").locator("tbody tr");
      expect(await hourRows.count()).toBe(24);
      // The period is a link in the URL; 30 days keeps the branch.
      await page.getByTestId("insights-days").getByRole("link").nth(1).click();
      await page.waitForURL(/days=30&branch=1/);
      // (The URL changes before the new screen is drawn.)
      await expect.poll(() => page.getByTestId("insights-orders-chart").locator("tbody tr").count()).toBe(30);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.goto(`${base}/console/insights?days=7&branch=1`);
      await page.waitForLoadState("networkidle");
      await shoot(page, `console-insights-${look.name}`, { fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
