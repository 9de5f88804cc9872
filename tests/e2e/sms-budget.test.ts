// A restaurant whose daily SMS budget is used up, in a browser: the cart tells the diner in plain words
// (a phone, EN light and AR dark) and the console's home and orders board tell the restaurant.
import type { BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { PHONE, sharedBrowser, watchConsole, shoot } from "./browser";
import { seedMember, sql } from "./console-seed";
import { purge } from "./http";
import { fillCart, freshPhone } from "./ordering-flow";

const base = inject("baseUrl").replace("127.0.0.1", "localhost");
const browser = sharedBrowser();

let owner: string;
// A change to the directory's row is seen once the restaurant is purged (its cached row goes with the version).
const purgeSaffron = () => purge(base, inject("purgeSecret"), "saffron");
beforeAll(async () => {
  owner = seedMember("owner", "7", "Budget Owner", []);
  // Saffron may send no code today.
  sql("UPDATE restaurants SET sms_daily_budget = 0 WHERE id = 1");
  await purgeSaffron();
});
afterAll(async () => {
  sql("UPDATE restaurants SET sms_daily_budget = 200 WHERE id = 1");
  await purgeSaffron();
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const LOOKS = [
  { name: "en-light", lang: "en", colorScheme: "light", text: "This restaurant has sent all the codes it can today" },
  { name: "ar-dark", lang: "ar", colorScheme: "dark", text: "أرسل هذا المطعم كل الرموز الممكنة اليوم" },
] as const;

describe("the daily SMS budget used up", () => {
  for (const look of LOOKS) {
    it(`the cart says so in plain words (${look.name})`, async () => {
      context = await browser().newContext({ viewport: PHONE, colorScheme: look.colorScheme });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await fillCart(page, base, look.lang);
      await page.locator("input[name=name]").fill("Sara");
      await page.locator("input[name=phone]").fill(freshPhone("0503"));
      await page.locator("button[name=intent][value=send-code]").click();
      const toast = page.getByText(look.text);
      await toast.waitFor();
      await shoot(page, `sms-budget-cart-${look.name}`);
      // No code sheet opened: nothing was sent.
      expect(await page.locator("dialog[open]").count()).toBe(0);
      expect(problems.filter((p) => !p.includes("503"))).toEqual([]);
    });

    it(`the console's home and board show the notice (${look.name})`, async () => {
      context = await browser().newContext({ viewport: PHONE, colorScheme: look.colorScheme });
      await context.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      for (const screen of ["", "/orders"]) {
        expect((await page.goto(`${base}/console${screen}?lng=${look.lang}`))?.status()).toBe(200);
        const notice = page.getByTestId("sms-budget-spent");
        await notice.waitFor();
        expect(await notice.textContent()).toContain(look.lang === "en" ? "Today's SMS budget is used up" : "نفدت رسائل اليوم النصية");
        await shoot(page, `sms-budget-console${screen.replace("/", "-") || "-home"}-${look.name}`);
      }
    });
  }
});
