// First contact in a real browser (docs/decisions/0032): a phone set to Arabic gets Arabic on its first view (no cookie),
// and an English phone on the same URL gets English from its own cached copy; diner pages are titled
// by what they show and the restaurant's name; the landing's "Start free trial" and every marketing
// page's "Sign in"; the trial's length; sign-up suggesting a web address from the name.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ownAddress, PHONE, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

const phone = (locale: string, scheme: "light" | "dark" = "light") => browser().newContext({ viewport: PHONE, colorScheme: scheme, locale, ...ownAddress() });
const htmlLang = (page: Page) => page.getAttribute("html", "lang");

describe("first view in the phone's language", () => {
  it("an Arabic phone gets Arabic, right to left, without a cookie; an English phone on the same URL gets English", async () => {
    const url = `${base}/saffron/1/1/1?first=${Date.now()}`;
    for (const [locale, lang, title] of [
      ["ar-AE", "ar", "شكشوكة بالزعفران · مقهى زعفران"],
      ["en-US", "en", "Saffron Shakshuka · Saffron Café"],
      ["ar-AE", "ar", "شكشوكة بالزعفران · مقهى زعفران"],
    ] as const) {
      const context = await phone(locale);
      const page = await context.newPage();
      const problems = watchConsole(page);
      const res = await page.goto(url);
      expect(res!.headers()["vary"]).toMatch(/Accept-Language/);
      await page.waitForLoadState("networkidle");
      expect(await htmlLang(page), locale).toBe(lang);
      expect(await page.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      expect(await page.title()).toBe(title);
      expect((await context.cookies()).map((c) => c.name)).not.toContain("lang");
      // A tap to another screen stays in that language (its data request carries the same header).
      await page.goto(`${base}/saffron/1?first=${Date.now()}`);
      await page.locator('a[href="/saffron/1/1"]').first().click();
      await page.waitForURL(/\/saffron\/1\/1$/);
      await expect.poll(() => page.title()).toBe(lang === "ar" ? "الفطور · مقهى زعفران" : "Breakfast · Saffron Café");
      expect(await htmlLang(page)).toBe(lang);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("the language switch still wins over the phone's language", async () => {
    const context = await phone("ar");
    const page = await context.newPage();
    await page.goto(`${base}/saffron/1?lng=en`);
    expect(await htmlLang(page)).toBe("en");
    await page.goto(`${base}/saffron/1/cart`);
    expect(await htmlLang(page)).toBe("en");
    expect(await page.title()).toBe("Cart · Saffron Café");
    await context.close();
  });
});

describe.each([
  { lang: "en", locale: "en-GB", scheme: "light", start: "Start free trial", signIn: "Sign in", trial: "14-day free trial" },
  { lang: "ar", locale: "ar-AE", scheme: "dark", start: "ابدأ التجربة المجانية", signIn: "تسجيل الدخول", trial: "تجربة مجانية لمدة 14 يوماً" },
] as const)("landing and sign-up ($lang, $scheme, phone, first view)", ({ lang, locale, scheme, start, signIn, trial }) => {
  it("has 'Start free trial' and 'Sign in', states the trial's length, and sign-up suggests the web address", { timeout: 60_000 }, async () => {
    const context = await phone(locale, scheme);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/`);
    await page.waitForLoadState("networkidle");
    expect(await htmlLang(page)).toBe(lang);
    expect(await page.getByTestId("hero-trial").textContent()).toContain(trial);
    expect(await page.getByTestId("sign-in").isVisible()).toBe(true);
    expect(await page.getByTestId("sign-in").textContent()).toBe(signIn);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, `first-contact-landing-${lang}-phone-${scheme}`, { fullPage: true });
    await shoot(page, `first-contact-landing-top-${lang}-phone-${scheme}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // "Sign in" is on every marketing page.
    for (const path of ["/contact", "/about-us", "/terms-of-service", "/privacy-policy"]) {
      await page.goto(`${base}${path}`);
      expect(await page.getByTestId("sign-in").isVisible(), path).toBe(true);
    }
    await page.getByTestId("sign-in").click();
    await page.waitForURL(/\/console\/sign-in$/);

    await page.goto(`${base}/`);
    await page.getByRole("link", { name: start, exact: true }).click();
    await page.waitForURL(/\/signup$/);
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("signup-trial").textContent()).toContain(trial);
    expect(await page.getByTestId("sign-in").isVisible()).toBe(true);

    // The address follows the name; the demo's "saffron" is taken, so a numbered one is suggested.
    const domain = page.locator("#domain");
    if (lang === "en") {
      await page.fill("#name_en", "Saffron");
      await expect.poll(() => domain.inputValue(), { timeout: 10_000 }).toMatch(/^saffron-\d+$/);
    } else {
      await page.fill("#name_ar", "مطبخ الميناء");
      await expect.poll(() => domain.inputValue(), { timeout: 10_000 }).toMatch(/^mtbkh-almyna(-\d+)?$/);
    }
    await expect.poll(() => page.getByTestId("domain-check").textContent(), { timeout: 10_000 }).toContain(lang === "en" ? "Available" : "متاح");
    await shoot(page, `first-contact-signup-${lang}-phone-${scheme}`, { fullPage: true });

    // The owner can still edit it; a reserved or taken one they type offers a free one near it.
    await domain.fill("console");
    await page.getByTestId("use-suggestion").waitFor();
    expect(await page.getByTestId("use-suggestion").textContent()).toContain("/console-2");
    await shoot(page, `first-contact-signup-taken-${lang}-phone-${scheme}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId("use-suggestion").click();
    expect(await domain.inputValue()).toBe("console-2");
    await expect.poll(() => page.getByTestId("domain-check").textContent(), { timeout: 10_000 }).toContain(lang === "en" ? "Available" : "متاح");
    // Edited: typing the name again leaves it alone.
    await page.fill("#name_en", "Another Name");
    await page.waitForTimeout(500);
    expect(await domain.inputValue()).toBe("console-2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
    await context.close();
  });
});
