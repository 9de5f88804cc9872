// The diner's screens hold still and answer at once: the cart does not jump as it loads, works
// (or says it cannot) without JavaScript, and every navigating tap shows progress within 100 ms.
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(options: { javaScriptEnabled?: boolean; colorScheme?: "light" | "dark" } = {}): Promise<Page> {
  context = await browser().newContext({ viewport: PHONE, ...ownAddress(), ...options });
  return context.newPage();
}

/** Two lines (one with options and a note) in branch 1's cart, as the product sheet stores them. */
const LINES = [
  {
    id: 1,
    menu_id: 1,
    name_en: "Saffron latte",
    name_ar: "لاتيه بالزعفران",
    image: null,
    unit_price: 18,
    amount: 2,
    options: [{ option_id: 1, sub_option_id: 2, name_en: "Size", name_ar: "الحجم", sub_name_en: "Large", sub_name_ar: "كبير", price: 3 }],
    note: "Less sugar",
  },
  { id: 2, menu_id: 1, name_en: "Date cake", name_ar: "كعكة التمر", image: null, unit_price: 22, amount: 1, options: [], note: "" },
];

/** Sum of the layout shifts without recent input, observed from the first paint (buffered). */
async function cumulativeShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 1000);
      }),
  );
}

describe("the cart holds still", () => {
  it.each(["en", "ar"] as const)("shifts by at most 0.01 while its lines load from storage (%s)", async (lang) => {
    const page = await open();
    const problems = watchConsole(page);
    await page.goto(`${base}/saffron/1?lng=${lang}`);
    await page.evaluate((lines) => localStorage.setItem("cart1", JSON.stringify(lines)), LINES);
    await page.goto(`${base}/saffron/1/cart`);
    await page.getByTestId("cart-line").first().waitFor();
    await page.waitForLoadState("networkidle");
    const shift = await cumulativeShift(page);
    expect(await page.getByTestId("cart-line").count()).toBe(2);
    expect(shift).toBeLessThanOrEqual(0.01);
    expect(problems).toEqual([]);
  });

  it("looks right with lines and without JavaScript (EN/AR, light/dark, phone)", async () => {
    for (const lang of ["en", "ar"] as const) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await open({ colorScheme });
        await page.goto(`${base}/saffron/1?lng=${lang}`);
        // The phone's own scheme picks the theme (a tap on the toggle here would flip dark to light).
        await page.evaluate((lines) => localStorage.setItem("cart1", JSON.stringify(lines)), LINES);
        await page.waitForLoadState("networkidle");
        await page.goto(`${base}/saffron/1/cart`);
        await page.getByTestId("cart-line").first().waitFor();
        await shoot(page, `cart-lines-${lang}-${colorScheme}`, { fullPage: true });
        await context!.close();
        const noJs = await open({ javaScriptEnabled: false, colorScheme });
        await noJs.goto(`${base}/saffron/1/cart?lng=${lang}`);
        await shoot(noJs, `cart-nojs-${lang}-${colorScheme}`, { fullPage: true });
        await context!.close();
      }
    }
  });
});

describe("without JavaScript", () => {
  const NEEDS_JS = { en: "The cart is kept on this device and needs JavaScript", ar: "تُحفظ السلة على هذا الجهاز وتحتاج إلى JavaScript" };
  // Playwright's text and role engines skip <noscript>, so these read it by CSS.
  async function expectNeedsJs(page: Page, lang: "en" | "ar") {
    const message = page.getByTestId("cart-needs-js");
    expect(await message.isVisible()).toBe(true);
    expect(await message.textContent()).toContain(NEEDS_JS[lang]);
  }

  it("the cart says it needs JavaScript (no endless placeholder), in both languages", async () => {
    const page = await open({ javaScriptEnabled: false });
    for (const lang of ["en", "ar"] as const) {
      await page.goto(`${base}/saffron/1/cart?lng=${lang}`);
      await expectNeedsJs(page, lang);
      expect(await page.locator(".skeleton").evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length)).toBe(0);
    }
  });

  it("switches language and theme with plain forms, and shows the branch info", async () => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(`${base}/saffron/1/cart?lng=en`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");

    await page.getByRole("button", { name: "Language" }).click();
    await page.waitForURL(/\/saffron\/1\/cart$/);
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    await expectNeedsJs(page, "ar");

    expect(await page.locator("html").getAttribute("class")).not.toContain("dark");
    await page.getByTestId("theme-toggle").click();
    await page.waitForURL(/\/saffron\/1\/cart$/);
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await page.getByTestId("theme-toggle").click();
    await page.waitForURL(/\/saffron\/1\/cart$/);
    expect(await page.locator("html").getAttribute("class")).not.toContain("dark");

    await page.getByRole("button", { name: "معلومات" }).click();
    // Without JavaScript the Info button opens the Info page (with it, the Info sheet).
    await page.waitForURL(/\/saffron\/1\/info$/);
    const info = page.locator("main");
    expect(await info.locator("h1").textContent()).toBe("معلومات الفرع");
    expect(await info.locator("a[href^='tel:']").count()).toBeGreaterThan(0);
  });

  it("the theme form goes back only to a same-origin path", async () => {
    const post = (returnTo: string) =>
      fetch(`${base}/action/set-theme`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base },
        body: new URLSearchParams({ theme: "dark", returnTo }),
      });
    const home = await post("//evil.example/x");
    expect(home.status).toBe(303);
    expect(home.headers.get("location")).toBe("/");
    expect(home.headers.get("set-cookie")).toContain("theme");
    expect((await post("/saffron/1/cart?x=1")).headers.get("location")).toBe("/saffron/1/cart?x=1");
    const bad = await fetch(`${base}/action/set-theme`, { method: "POST", headers: { origin: base }, body: new URLSearchParams({ theme: "blue" }) });
    expect(bad.status).toBe(400);
  });
});

describe("every navigating tap answers within 100 ms", () => {
  /** Holds every route-data request for 1.5 s: a slow network, as far as the next screen is concerned. */
  async function slowData(page: Page) {
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => {}); // the page may have moved on
    });
  }

  /** Presses `link` (checking the pressed look on `pressed`), releases, and times the progress bar from the click. */
  async function tap(page: Page, link: string, pressed: string) {
    await page.evaluate(() => {
      const w = window as unknown as { tapAt?: number; shownAt?: number };
      delete w.tapAt;
      delete w.shownAt;
      document.addEventListener("click", () => (w.tapAt = performance.now()), { capture: true, once: true });
      const seen = () => document.querySelector("[data-testid=nav-progress]") && (w.shownAt ??= performance.now());
      new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator(link).first().scrollIntoViewIfNeeded();
    const box = (await page.locator(link).first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await page
      .locator(pressed)
      .first()
      .evaluate((el) => getComputedStyle(el).scale);
    await page.mouse.down();
    await page.waitForTimeout(150); // the pressed look's own 100 ms transition
    const during = await page
      .locator(pressed)
      .first()
      .evaluate((el) => getComputedStyle(el).scale);
    await page.mouse.up();
    await page.getByTestId("nav-progress").waitFor({ timeout: 1000 });
    const { tapAt, shownAt } = await page.evaluate(() => {
      const w = window as unknown as { tapAt: number; shownAt: number };
      return { tapAt: w.tapAt, shownAt: w.shownAt };
    });
    expect(during).not.toBe(before);
    expect(shownAt - tapAt).toBeLessThan(100);
    expect(await page.getByTestId("nav-progress").getAttribute("role")).toBe("progressbar");
    await page.getByTestId("nav-progress").waitFor({ state: "detached", timeout: 10_000 }); // and it goes away
  }

  it("on a branch card, a menu tab and a category chip, with the data held back", async () => {
    const page = await open();
    const problems = watchConsole(page);
    await page.goto(`${base}/saffron?lng=en`);
    await page.waitForLoadState("networkidle");
    await slowData(page);
    await tap(page, "main li h3 a", "main li");
    await page.waitForURL(/\/saffron\/\d+$/);

    // A real menu: the first menu tile after the synthetic offers/new/popular.
    const menu = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")!).find((h) => /\/saffron\/1\/\d+$/.test(h)));
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto(`${base}${menu}`);
    await page.waitForLoadState("networkidle");
    await slowData(page);
    const otherTab = "main nav:first-of-type a:not([aria-current])";
    await tap(page, otherTab, otherTab);

    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto(`${base}${menu}`);
    await page.waitForLoadState("networkidle");
    await slowData(page);
    const chip = "a[href*='category=']:not([aria-current])";
    await tap(page, chip, chip);
    expect(problems).toEqual([]);
  });
});
