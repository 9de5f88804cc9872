// A new owner in the browser: the landing's "start free trial" → /signup → the code from the demo
// outbox → DEMO billing → the console, and the restaurant's /{domain} page is live. In English (light)
// and Arabic (dark), on a phone, with screenshots and axe-core.
import { describe, expect, inject, it } from "vitest";
import { marketingStrings } from "../../app/locales/marketing";
import { ownAddress, PHONE, screenshotPath, seriousA11yViolations, sharedBrowser, watchConsole } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

const TEXT = {
  en: { sendCode: "Send code", create: "Create my restaurant", start: "Start the free trial", available: "Available" },
  ar: { sendCode: "أرسل الرمز", create: "أنشئ مطعمي", start: "ابدأ التجربة المجانية", available: "متاح" },
} as const;

describe.each([
  { lang: "en", scheme: "light" },
  { lang: "ar", scheme: "dark" },
] as const)("sign-up ($lang, $scheme)", ({ lang, scheme }) => {
  it("goes from the landing page to a live /{domain} page through the console", { timeout: 90_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, colorScheme: scheme, ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const t = TEXT[lang];
    const local = `055${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0")}`;
    const domain = `e2e-${lang}-${Date.now().toString(36)}`;
    const name = lang === "en" ? "Harbour Kitchen" : "Matbakh Al Mina";

    await page.goto(`${base}/?lng=${lang}`);
    await page.getByRole("link", { name: marketingStrings(lang).plans.cta }).click();
    await page.waitForURL(/\/signup$/);
    await page.waitForLoadState("networkidle");
    expect(await page.getAttribute("#name_ar", "dir")).toBe("rtl");

    await page.fill("#name_en", name);
    await page.fill("#name_ar", "مطبخ الميناء");
    await page.fill("#domain", "console");
    await expect.poll(() => page.getByTestId("domain-check").textContent()).not.toContain(t.available);
    await page.fill("#domain", domain);
    await expect.poll(() => page.getByTestId("domain-check").textContent(), { timeout: 10_000 }).toContain(t.available);
    await page.fill("#owner_name", "Mariam");
    await page.fill("#phone", local);
    await page.getByRole("button", { name: t.sendCode }).click();
    await page.getByRole("status").filter({ hasText: "+971" }).waitFor();

    const outbox = (await (await fetch(`${base}/api/dev/outbox?phone=${encodeURIComponent(`+971${local.slice(1)}`)}`)).json()) as { data: { body: string }[] };
    const code = /(\d{6})/.exec(outbox.data[0]!.body)![1]!;
    await page.fill("#code", code);
    await page.getByRole("radio").nth(1).check();
    await page.screenshot({ path: screenshotPath(`signup-${lang}-phone-${scheme}`), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole("button", { name: t.create }).click();
    await page.waitForURL(/\/console\/billing\/demo$/);
    await page.screenshot({ path: screenshotPath(`signup-billing-demo-${lang}-phone-${scheme}`) });
    await page.getByRole("button", { name: t.start }).click();
    await page.waitForURL(/\/console\?billing=started$/);
    await expect.poll(() => page.getByTestId("console-restaurant").textContent()).toBe(lang === "en" ? name : "مطبخ الميناء");

    await page.goto(`${base}/console/account`);
    await page.getByTestId("account-status").waitFor();
    await page.screenshot({ path: screenshotPath(`account-${lang}-phone-${scheme}`) });
    expect(await seriousA11yViolations(page)).toEqual([]);

    const live = await page.goto(`${base}/${domain}?lng=${lang}`);
    expect(live!.status()).toBe(200);
    expect(await page.content()).toContain(lang === "en" ? name : "مطبخ الميناء");
    expect(problems).toEqual([]);
    await context.close();
  });
});
