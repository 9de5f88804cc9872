// The marketing site in a real browser: both languages, phone and desktop, with screenshots.
import { describe, expect, inject, it } from "vitest";
import { PHONE, seriousA11yViolations, watchConsole, sharedBrowser, shoot } from "./browser";

const base = inject("baseUrl");
const DESKTOP = { width: 1280, height: 800 };
const browser = sharedBrowser();

const PAGES = [
  { path: "/", en: "Home · Menu", ar: "الرئيسية · منيو" },
  { path: "/contact", en: "Contact · Menu", ar: "اتصل بنا · منيو" },
  { path: "/terms-of-service", en: "Terms of Service · Menu", ar: "شروط الخدمة · منيو" },
  { path: "/privacy-policy", en: "Privacy Policy · Menu", ar: "سياسة الخصوصية · منيو" },
  { path: "/about-us", en: "About us · Menu", ar: "من نحن · منيو" },
  { path: "/no-such/page/here/at/all", en: "Not found · Menu", ar: "الصفحة غير موجودة · منيو" },
];

describe.each([
  { lang: "en", viewport: PHONE, device: "phone", scheme: "light" },
  { lang: "ar", viewport: PHONE, device: "phone", scheme: "dark" },
  { lang: "en", viewport: DESKTOP, device: "desktop", scheme: "dark" },
  { lang: "ar", viewport: DESKTOP, device: "desktop", scheme: "light" },
] as const)("marketing pages ($lang, $device, $scheme)", ({ lang, viewport, device, scheme }) => {
  it("render with their titles, fit the screen and pass axe-core", async () => {
    const context = await browser().newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const a11y: Record<string, string[]> = {};
    for (const p of PAGES) {
      await page.goto(`${base}${p.path}?lng=${lang}`);
      await page.waitForLoadState("networkidle");
      expect(await page.title()).toBe(p[lang]);
      expect(await page.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const name = `marketing${p.path === "/" ? "-home" : p.path.split("/")[1] === "no-such" ? "-not-found" : p.path.replace("/", "-")}-${lang}-${device}-${scheme}`;
      await shoot(page, name, { fullPage: p.path === "/" });
      const found = await seriousA11yViolations(page);
      if (found.length) a11y[name] = found;
    }
    expect(a11y).toEqual({});
    // 404 for the unknown path is expected; anything else in the console is not.
    expect(problems.filter((m) => !m.includes("404"))).toEqual([]);
    await context.close();
  });
});

describe("landing", () => {
  it("shows the offer numbers and nine features with previews in both languages", async () => {
    const page = await (await browser().newContext({ viewport: PHONE })).newPage();
    for (const lang of ["en", "ar"]) {
      await page.goto(`${base}/?lng=${lang}`);
      const banner = (await page.getByTestId("offer-banner").textContent()) ?? "";
      expect(banner).toContain("119");
      expect(banner).toContain("95");
      expect(banner).toContain("20%");
      expect(await page.getByTestId("feature").count()).toBe(9);
      expect(await page.locator("a[href='/saffron']").count()).toBeGreaterThan(0);
    }
  });

  it("flips direction with the language toggle", async () => {
    const page = await (await browser().newContext({ viewport: DESKTOP })).newPage();
    await page.goto(`${base}/?lng=en`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "عربي" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    expect(await page.locator("h1").textContent()).toBe("قائمتك على كل هاتف على الطاولة");
    await page.getByRole("button", { name: "English" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "ltr");
  });
});

describe("contact form", () => {
  it("names the missing fields, then builds the mailto link with subject and body", async () => {
    const page = await (await browser().newContext({ viewport: PHONE })).newPage();
    await page.goto(`${base}/contact?lng=en`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Write the e-mail" }).click();
    expect(await page.getByText("This field is required").count()).toBe(4);
    await shoot(page, "contact-errors-en-phone");
    await page.getByLabel("Name", { exact: true }).fill("Sara Al Mansoori");
    await page.getByLabel("Phone", { exact: true }).fill("+971 50 123 4567");
    expect(await page.getByText("This field is required").count()).toBe(4); // until the next submit
    await page.getByLabel("Subject", { exact: true }).fill("Demo for two branches");
    await page.getByRole("button", { name: "Write the e-mail" }).click();
    expect(await page.getByText("This field is required").count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("message");
    await page.getByLabel("Message", { exact: true }).fill("Hello,\nwe run two cafés in Dubai.");
    await page.getByRole("button", { name: "Write the e-mail" }).click();
    const href = await page.getByTestId("mailto").getAttribute("href");
    const url = new URL(href!);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("hello@menu.example.com");
    expect(url.searchParams.get("subject")).toBe("Menu enquiry: Demo for two branches");
    expect(url.searchParams.get("body")).toBe("Hello,\nwe run two cafés in Dubai.\n\nName: Sara Al Mansoori\nPhone: +971 50 123 4567");
  });
});
