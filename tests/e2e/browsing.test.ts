// A diner's journey through the branch screens on a phone, in English and Arabic, with screenshots.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { hydrated, PHONE, seriousA11yViolations, watchConsole, sharedBrowser, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

const a11y: Record<string, string[]> = {};

/** A screenshot of the screen, and its axe-core findings collected for one assertion at the end. */
async function shot(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  await shoot(page, name, { fullPage: false });
  const found = await seriousA11yViolations(page);
  if (found.length) a11y[name] = found;
}

describe.each([
  { lang: "en", scheme: "light", words: { menus: "menus", recent: "recently viewed", none: "No results found", offers: "Offers", total: "Total" } },
  { lang: "ar", scheme: "dark", words: { menus: "القوائم", recent: "شوهد مؤخراً", none: "لا توجد نتائج", offers: "العروض", total: "المجموع" } },
] as const)("diner journey ($lang, $scheme)", ({ lang, scheme, words }) => {
  it("goes from the branch list to a product and back, searching on the way", async () => {
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: scheme, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // (watchConsole leaves out Chrome's note on fonts a page loaded again takes from the memory cache.)
    await page.goto(`${base}/saffron?lng=${lang}`);
    await page.locator("main li a").first().click();
    await page.waitForURL(/\/saffron\/\d+$/);
    await page.getByRole("heading", { name: words.menus }).waitFor();
    expect(await page.locator("main ul li a[href*='/offers']").count()).toBe(1);
    await shot(page, `branch-home-${lang}-${scheme}`);

    // A real menu (the first tile after the synthetic ones).
    const realMenu = page.locator("main ul.grid li a:not([href$='/offers']):not([href$='/new']):not([href$='/popular'])").first();
    await realMenu.click();
    await page.waitForURL(/\/saffron\/\d+\/\d+/);
    await page.getByTestId("product-card").first().waitFor();
    await shot(page, `product-list-${lang}-${scheme}`);

    // Category switch and layout toggle.
    const chips = page.locator("nav ul li a[href*='category=']");
    if ((await chips.count()) > 1) {
      await chips.nth(1).click();
      await page.waitForURL(/category=\d+/);
    }
    await page.locator("a[href*='view=list']").click();
    await page.locator("ul[data-view='list']").waitFor();
    await page.locator("a[href*='view=grid3']").click();
    await page.locator("ul[data-view='grid3']").waitFor();

    // The product sheet with options and a running total.
    const addable = page.locator("[data-testid='product-card'] button:not([disabled])").first();
    await addable.click();
    const dialog = page.locator("dialog[open]");
    await dialog.waitFor();
    const before = await dialog.getByTestId("running-total").textContent();
    const priced = dialog.locator("input[type=radio]");
    if ((await priced.count()) > 0) {
      await priced.last().check();
      const after = await dialog.getByTestId("running-total").textContent();
      expect(after).not.toBe(before);
    }
    await shot(page, `product-sheet-${lang}-${scheme}`);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" }).catch(() => undefined);
    expect(await page.locator("dialog[open]").count()).toBe(0);

    // The product page records 'recently viewed'.
    await page.locator("[data-testid='product-card'] h3 a").first().click();
    await page.waitForURL(/\/saffron\/\d+\/\d+\/\d+/);
    await page.locator("h1").waitFor();
    await shot(page, `product-page-${lang}-${scheme}`);
    await page.goto(page.url().replace(/\/\d+\/\d+$/, ""));
    await page.getByRole("heading", { name: words.recent }).waitFor();
    expect(await page.getByTestId("recent-strip").locator("li").count()).toBeGreaterThan(0);

    // Search: nothing found, then something.
    await page.fill("input[name=q]", "zzzzqqq");
    await page.press("input[name=q]", "Enter");
    await page.waitForURL(/search\?q=zzzzqqq/);
    await page.getByText(words.none).waitFor();
    await shot(page, `search-empty-${lang}-${scheme}`);

    // Offers, a synthetic menu without category chips.
    await page.goto(page.url().replace(/\/search\?.*$/, "/offers"));
    await page.getByTestId("product-card").first().waitFor();
    expect(await page.locator("a[href*='category=']").count()).toBe(0);
    await shot(page, `offers-${lang}-${scheme}`);

    // The info sheet.
    await page.getByRole("button", { name: lang === "en" ? "Info" : "معلومات" }).click();
    await page.locator("dialog[open]").waitFor();
    expect(await page.locator("dialog[open] a[href^='https://']").count()).toBeGreaterThan(0);
    await shot(page, `info-sheet-${lang}-${scheme}`);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
    expect(a11y).toEqual({});
    await context.close();
  });
});

describe("search in both languages", () => {
  it("finds Arabic products typed without hamza or with ه for ة", async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/saffron`);
    const branchHref = await page.locator("main li a").first().getAttribute("href");
    const res = await page.goto(`${base}${branchHref}/search?q=${encodeURIComponent("قهوه")}`);
    expect(res?.status()).toBe(200);
    expect(await page.getByTestId("product-card").count()).toBeGreaterThan(0);
    // English, any case, across menus: a latte (coffee menu) and a cake (desserts) in one search.
    await page.goto(`${base}${branchHref}/search?q=SAFFRON`);
    const names = await page.locator("[data-testid=product-card] h3").allTextContents();
    expect(names).toEqual(expect.arrayContaining(["Saffron Latte", "Pistachio Saffron Cake"]));
    await context.close();
  });
});

describe("a branch that does not take orders", () => {
  it("shows no add button on product cards; the whole card opens the product, its options and total", async () => {
    const context = await browser().newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base}/grill-house?lng=en`); // Al Barsha: active_order 0
    await page.locator("main li a").first().click();
    await page.waitForURL(/\/grill-house\/\d+$/);
    const branch = new URL(page.url()).pathname;
    for (const screen of ["", "/offers", "/search?q=kebab"]) {
      if (screen) await page.goto(`${base}${branch}${screen}`);
      else await page.locator("main ul.grid a:not([href$='/offers']):not([href$='/new']):not([href$='/popular'])").first().click();
      await page.getByTestId("product-card").first().waitFor();
      expect(await page.locator("[data-testid=product-card] button").count(), `buttons on ${screen || "a menu"}`).toBe(0);
    }

    // A tap on the card away from its name and image (its price corner) opens the product page.
    const card = page.getByTestId("product-card").filter({ hasText: "Beef Kebab" });
    const box = (await card.boundingBox())!;
    await card.tap({ position: { x: box.width - 16, y: box.height - 16 } });
    await page.waitForURL(/\/grill-house\/\d+\/\d+\/139$/);
    const total = page.getByTestId("running-total");
    const before = await total.textContent();
    await page.getByLabel(/Grilled vegetables/).check();
    await expect.poll(() => total.textContent()).not.toBe(before);
    expect(await page.getByRole("button", { name: "Add to cart" }).count()).toBe(0);
    expect(await page.getByTestId("quantity").count()).toBe(0);
    expect(await page.locator("textarea").count()).toBe(0);
    await context.close();
  });
});

describe("a load cut short", () => {
  it("is not an error on the page, while any other failure still is (app/entry.client.tsx)", async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/saffron?lng=en`);
    await hydrated(page);
    // React Router's shape: the first line read, the rest abandoned, its end awaited by nobody.
    await page.evaluate(async () => {
      const controller = new AbortController();
      const res = await fetch(location.href, { signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort();
      void reader.closed.then(() => undefined);
      void Promise.reject(new Error("a real failure"));
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await expect.poll(() => problems.length).toBeGreaterThan(0);
    expect(problems).toEqual(["pageerror: a real failure"]);
    await context.close();
  });
});
