// The first screen in a real browser: English and Arabic, light and dark, on a phone.
import { describe, expect, inject, it } from "vitest";
import { PHONE, seriousA11yViolations, watchConsole, sharedBrowser, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe.each([
  { lang: "en", dir: "ltr", scheme: "light", greeting: "WELCOME TO", heading: "our branches" },
  { lang: "en", dir: "ltr", scheme: "dark", greeting: "WELCOME TO", heading: "our branches" },
  { lang: "ar", dir: "rtl", scheme: "light", greeting: "أهلاً بك في", heading: "فروعنا" },
  { lang: "ar", dir: "rtl", scheme: "dark", greeting: "أهلاً بك في", heading: "فروعنا" },
] as const)("branch list, $lang, $scheme", ({ lang, dir, scheme, greeting, heading }) => {
  it("renders both saffron branches with no console errors or hydration warnings", async () => {
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: scheme, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/saffron?lng=${lang}`);
    await page.waitForLoadState("networkidle");

    expect(await page.title()).toBe(lang === "en" ? "Saffron Café" : "مقهى زعفران");
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await page.getAttribute("html", "dir")).toBe(dir);
    // remix-themes follows the system scheme when no choice is stored.
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
    const h1 = (await page.textContent("h1")) ?? "";
    expect(h1).toContain(greeting);
    expect(h1).toBe(h1.toUpperCase());
    expect(await page.textContent("h2")).toBe(heading);
    expect(await page.locator("main li").count()).toBe(2);
    // Text fits: nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, `branch-list-${lang}-${scheme}`, { fullPage: true });
    expect(problems).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("branch list interactions", () => {
  it("opens a branch by id and switches language without a reload", async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/saffron?lng=en`);
    await page.waitForLoadState("networkidle");
    const firstHref = await page.locator("main li a").first().getAttribute("href");
    expect(firstHref).toMatch(/^\/saffron\/\d+$/);

    await page.getByRole("button", { name: "عربي" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    expect(await page.textContent("h2")).toBe("فروعنا");
    expect(await page.evaluate(() => localStorage.getItem("Lang"))).toBe("ar");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows six skeleton cards while the branch list loads on client navigation", async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForLoadState("networkidle");
    // Hold the loader's data request so the pending state is observable.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/saffron.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.click('a[href="/saffron"]');
    const skeleton = page.getByTestId("branch-list-skeleton");
    await skeleton.waitFor();
    expect(await skeleton.locator(".rounded-2xl").count()).toBe(6);
    release();
    await page.waitForURL("**/saffron");
    await page.locator("main li").first().waitFor();
    expect(await page.locator("main li").count()).toBe(2);
    await context.close();
  });

  it("keeps the theme choice across reloads", async () => {
    const context = await browser().newContext({ viewport: PHONE, colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${base}/saffron`);
    await page.waitForLoadState("networkidle");
    const saved = page.waitForResponse((r) => r.url().endsWith("/action/set-theme"));
    await page.getByTestId("theme-toggle").click();
    await saved;
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await context.close();
  });

  it("shows the 404 page for an inactive restaurant, in both languages", async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    const res = await page.goto(`${base}/closed-bistro`);
    expect(res?.status()).toBe(404);
    expect(await page.textContent("h1")).toBe("404 - Page Not Found");
    expect(await page.textContent("main")).toContain("It might have been eaten!");
    await shoot(page, "not-found-en", { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`${base}/closed-bistro?lng=ar`);
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    await shoot(page, "not-found-ar", { fullPage: true });
    await context.close();
  });
});
