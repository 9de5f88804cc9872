// The console shell in a browser: an owner and a staff member of saffron (seeded straight into the
// server's local D1 with sessions) and a diner's order (placed through the API), the home, staff and orders screens on a phone (EN light, AR dark)
// and a tablet, axe on each; the staff member sees neither Staff nor Account and gets 403 on Staff.
import type { BrowserContext } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { PHONE, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { seedMember } from "./console-seed";
import { storeOrderByApi } from "./ordering-flow";

// WebAuthn (another helper's) needs a host name: use localhost, as the brief's other console tests do.
const base = inject("baseUrl").replace("127.0.0.1", "localhost");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };

let owner: string;
let staff: string;
beforeAll(async () => {
  owner = seedMember("owner", "1", "Huda Owner", []);
  staff = seedMember("staff", "2", "Omar Staff", [1]);
  // Today's order at the Marina branch, so the orders screen has one to show.
  await storeOrderByApi(inject("baseUrl"), { name: "Diner", phone: `0502${String(Date.now()).slice(-6)}`, table_id: 7, items: [{ product_id: 1, amount: 2 }] });
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function signedIn(session: string, options: { viewport: { width: number; height: number }; colorScheme: "light" | "dark" }) {
  context = await browser().newContext(options);
  await context.addCookies([{ name: "console", value: session, url: base, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

describe("console shell", () => {
  const LOOKS = [
    { name: "phone-en-light", lang: "en", viewport: PHONE, colorScheme: "light" },
    { name: "phone-ar-dark", lang: "ar", viewport: PHONE, colorScheme: "dark" },
    { name: "tablet-en-light", lang: "en", viewport: TABLET, colorScheme: "light" },
  ] as const;
  for (const look of LOOKS) {
    it(`shows the owner's home, staff and orders (${look.name}), with no serious axe violations`, async () => {
      const { page, problems } = await signedIn(owner, look);
      for (const screen of ["", "/staff", "/orders"]) {
        const res = await page.goto(`${base}/console${screen}?lng=${look.lang}`);
        expect(res?.status(), screen).toBe(200);
        await page.waitForLoadState("networkidle");
        expect(await page.locator("html").getAttribute("dir")).toBe(look.lang === "ar" ? "rtl" : "ltr");
        if (look.colorScheme === "dark") expect(await page.locator("html").getAttribute("class")).toContain("dark");
        // Nothing wider than the screen (the nav scrolls inside itself).
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        // The current section is scrolled into the row's view, whichever way the row runs.
        await expect
          .poll(
            async () => {
              const box = await page.locator("nav [aria-current=page]").boundingBox();
              return box !== null && box.x >= -1 && box.x + box.width <= look.viewport.width + 1;
            },
            { message: `${screen} ${look.name}: current section in view` },
          )
          .toBe(true);
        await shoot(page, `console-${screen.slice(1) || "home"}-${look.name}`, { fullPage: true });
        expect(await seriousA11yViolations(page), `${screen} ${look.name}`).toEqual([]);
      }
      await expect.poll(() => page.getByTestId("board-order").count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId("nav-staff").isVisible()).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  it("hides Staff and Account from a staff member, and answers 403 inside the frame on /console/staff", async () => {
    const { page, problems } = await signedIn(staff, { viewport: PHONE, colorScheme: "light" });
    await page.goto(`${base}/console?lng=en`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("nav-orders").isVisible()).toBe(true);
    expect(await page.getByTestId("nav-staff").count()).toBe(0);
    expect(await page.getByTestId("nav-account").count()).toBe(0);
    const res = await page.goto(`${base}/console/staff`);
    expect(res?.status()).toBe(403);
    expect(await page.getByTestId("console-error").getAttribute("data-status")).toBe("403");
    expect(await page.getByRole("alert").textContent()).toContain("Your role does not include this page.");
    expect(await page.getByTestId("console-restaurant").isVisible()).toBe(true);
    await shoot(page, "console-staff-forbidden-phone-en-light", { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The 403 page's document load logs the failed resource; nothing else may complain.
    expect(problems.filter((p) => !p.includes("403"))).toEqual([]);
  });
});
