// The finer behaviours of the branch screens: recently viewed arrows, the shrinking product image,
// clearing a chosen option, adding to the cart, the language sheet, skeletons (none on the way to the
// site's own pages) and browse-only branches.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, sharedBrowser } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();
let context: BrowserContext;
let page: Page;

async function fresh(lang: "en" | "ar" = "en") {
  await context?.close();
  context = await browser().newContext({ viewport: PHONE });
  page = await context.newPage();
  await page.goto(`${base}/saffron?lng=${lang}`);
  await page.waitForLoadState("networkidle");
  return (await page.locator("main li a").first().getAttribute("href"))!; // the first branch
}

/** The first product of a real menu that has options and is available. */
async function productWithOptions(branchHref: string) {
  await page.goto(`${base}${branchHref}/search?q=latte`);
  await page.waitForLoadState("networkidle");
}

describe("branch chrome", () => {
  it.each(["en", "ar"] as const)("scrolls 'recently viewed' 200 px per arrow, reversed in Arabic (%s)", async (lang) => {
    const branch = await fresh(lang);
    const branchId = Number(branch.split("/").pop());
    await page.evaluate((id) => {
      const entries = Array.from({ length: 6 }, (_, i) => ({
        id: 100 + i,
        menu_id: 1,
        name_en: `Dish ${i}`,
        name_ar: `طبق ${i}`,
        image: null,
        price: 10 + i,
        price_offer: 0,
      }));
      localStorage.setItem(`recent${id}`, JSON.stringify(entries));
    }, branchId);
    await page.goto(`${base}${branch}`);
    const strip = page.getByTestId("recent-strip");
    await strip.waitFor();
    expect(await strip.locator("li").count()).toBe(6);
    const before = await strip.evaluate((el) => el.scrollLeft);
    await page.getByRole("button", { name: lang === "en" ? "Scroll forward" : "مرّر للأمام" }).click();
    await page.waitForFunction((b) => Math.abs(document.querySelector("[data-testid=recent-strip]")!.scrollLeft - b) >= 199, before);
    const after = await strip.evaluate((el) => el.scrollLeft);
    expect(after - before).toBeCloseTo(lang === "en" ? 200 : -200, -1);
  });

  it("shrinks the product image with half the scroll, down to 200 px", async () => {
    const branch = await fresh();
    await page.goto(`${base}${branch}/popular`);
    await page.locator("[data-testid=product-card] h3 a").first().click();
    await page.waitForURL(/\/\d+\/\d+$/);
    const image = page.getByTestId("product-image");
    await image.waitFor();
    expect((await image.boundingBox())!.height).toBeCloseTo(300, 0);
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
      window.scrollTo(0, 100);
    });
    await page.waitForFunction(() => document.querySelector<HTMLElement>("[data-testid=product-image]")!.style.height === "250px");
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => document.querySelector<HTMLElement>("[data-testid=product-image]")!.style.height === "200px");
  });

  it("clears a chosen option when it is tapped again, and adds to the cart with a toast and a badge", async () => {
    const branch = await fresh();
    await productWithOptions(branch);
    await page.locator("[data-testid=product-card] button:not([disabled])").first().click();
    const sheet = page.locator("dialog[open]");
    await sheet.waitFor();
    const total = sheet.getByTestId("running-total");
    const base0 = await total.textContent();
    const priced = sheet.locator("label", { hasText: "+" }).first();
    await priced.click();
    const chosen = await total.textContent();
    expect(chosen).not.toBe(base0);
    await priced.click();
    expect(await total.textContent()).toBe(base0);

    await sheet.getByRole("button", { name: "Increase quantity" }).click();
    expect(await sheet.getByTestId("quantity").textContent()).toBe("2");
    await sheet.getByRole("button", { name: "Add to cart" }).click();
    await page.getByTestId("toast-success").waitFor();
    expect(await page.getByTestId("toast-success").textContent()).toContain("The product has been added to the cart.");
    expect(await page.getByTestId("cart-badge").textContent()).toBe("2");
    // The same item again merges into the line: the badge counts amounts.
    await page.locator("[data-testid=product-card] button:not([disabled])").first().click();
    await page.locator("dialog[open]").getByRole("button", { name: "Add to cart" }).click();
    await page.waitForFunction(() => document.querySelector("[data-testid=cart-badge]")?.textContent === "3");
    const lines = await page.evaluate((id) => JSON.parse(localStorage.getItem(`cart${id}`) ?? "[]").length, Number(branch.split("/").pop()));
    expect(lines).toBe(1);
  });

  it("switches language from the bottom navigation's sheet, and the sheet closes", async () => {
    const branch = await fresh();
    await page.goto(`${base}${branch}`);
    await page.getByRole("button", { name: "Language" }).click();
    const sheet = page.locator("dialog[open]");
    await sheet.waitFor();
    // Focus stays inside the modal sheet.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
    await sheet.getByRole("button", { name: "العربية" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.waitForFunction(() => !document.querySelector("dialog[open]"));
    expect(await page.getByRole("heading", { name: "القوائم" }).count()).toBe(1);
  });

  it("shows the product-list skeleton while a menu loads, and back returns to the branch home", async () => {
    const branch = await fresh();
    await page.goto(`${base}${branch}`);
    await page.waitForLoadState("networkidle");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(`main a[href="${branch}/offers"]`).click();
    await page.getByTestId("skeleton-list").waitFor();
    release();
    await page.getByTestId("product-card").first().waitFor();
    await page.unroute("**/*.data*");
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`${base}${branch}`);
  });

  it("shows the branch list's skeleton on the way to a restaurant, never on the way to the site's own pages", async () => {
    await context?.close();
    context = await browser().newContext({ viewport: PHONE });
    page = await context.newPage();
    /** From the landing, a tap on `link` with its data held: whether the branch list's skeleton showed meanwhile. */
    const skeletonOnTheWay = async (link: string) => {
      await page.goto(`${base}/?lng=en`);
      await page.waitForLoadState("networkidle");
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route("**/*.data*", async (route) => {
        await held;
        await route.continue();
      });
      await page.locator(`a[href="${link}"]`).first().click();
      await page.getByTestId("nav-progress").waitFor();
      // Long enough for a skeleton to mount (it does at once when it shows at all).
      await page.waitForTimeout(300);
      const shown = await page.getByTestId("branch-list-skeleton").count();
      release();
      await page.waitForURL(`${base}${link}`);
      await page.unroute("**/*.data*");
      return shown > 0;
    };
    // The skeleton's chunk is loaded and shows for a restaurant's address (the check below means something)…
    expect(await skeletonOnTheWay("/saffron")).toBe(true);
    // …and sign-up, a path of the site's own (worker/rules/reserved.ts SITE_PATHS), gets none.
    expect(await skeletonOnTheWay("/signup")).toBe(false);
  });

  it("offers no cart, quantity or note where the branch does not take orders", async () => {
    await fresh();
    await page.goto(`${base}/grill-house`);
    await page.locator("main li a").first().click();
    await page.waitForURL(/\/grill-house\/\d+$/);
    expect(await page.getByRole("link", { name: "Cart" }).count()).toBe(0);
    await page.locator("main ul.grid a").last().click();
    await page.locator("[data-testid=product-card] h3 a").first().click(); // no add button here: the card opens the product
    // The page's content is there once its total shows; only then can absences mean anything.
    await page.getByTestId("running-total").waitFor();
    expect(await page.getByRole("button", { name: "Add to cart" }).count()).toBe(0);
    expect(await page.locator("textarea").count()).toBe(0);
  });
});
