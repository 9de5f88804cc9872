// The diner's smaller behaviours in a real browser: toasts dragged away (either direction),
// search as you type (and its button without JavaScript), the layout kept across menus, a phone
// written "+971 50 123 4567", the 404 inside a restaurant and the Arabic landing's prices.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import ar from "../../app/locales/ar";
import en from "../../app/locales/en";
import ordering from "../../app/locales/ordering/en";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";
import { fillCart, latestCode } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();
const strings = { en, ar };
let context: BrowserContext | undefined;

async function open(lang: "en" | "ar", path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  context = await browser().newContext({ ...ownAddress(), viewport: PHONE, ...options });
  const page = await context.newPage();
  await page.goto(`${base}${path}${path.includes("?") ? "&" : "?"}lng=${lang}`);
  await page.waitForLoadState("networkidle");
  return page;
}
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/**
 * A cart toast: one product of the offers added to the cart. It first shows inside the closing sheet, then
 * in the page's own toaster (a new element): the one returned, once the sheet has closed.
 */
async function cartToast(page: Page, lang: "en" | "ar") {
  await page.locator("[data-testid=product-card] button:not([disabled])").first().click();
  await page.locator("dialog[open]").getByRole("button", { name: strings[lang].product.addToCart }).click();
  await page.locator("dialog[open]").waitFor({ state: "detached" });
  const toast = page.locator("body > [aria-live] > [data-testid=toast-success]");
  await toast.waitFor();
  return toast;
}

/**
 * Drags with the mouse by `fraction` of the toast's width (negative: towards the left), from its edge
 * on the other side, as a finger would: the toast sits near the screen's edge.
 */
async function drag(page: Page, toast: Awaited<ReturnType<typeof cartToast>>, fraction: number) {
  const box = (await toast.boundingBox())!;
  const x = fraction > 0 ? box.x + 8 : box.x + box.width - 8;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y); // hovering holds its time, so the 2000 ms cannot run out mid-test
  await page.mouse.down();
  await page.mouse.move(x + box.width * fraction, y, { steps: 12 });
  await page.mouse.up();
}

describe("toasts", () => {
  it.each([
    ["en", 1],
    ["ar", -1],
  ] as const)("are dragged away past 80 percent of their width, and snap back short of it (%s, way %s)", async (lang, way) => {
    const page = await open(lang, "/saffron/1/offers");
    const problems = watchConsole(page);
    const toast = await cartToast(page, lang);
    expect(await toast.getByRole("button", { name: strings[lang].extras.dismissToast }).isVisible()).toBe(true);
    await shoot(page, `extras-toast-${lang}`);

    // Its moves are recorded as they happen (a busy machine's slow timers cannot make them look otherwise):
    // the farthest it went sideways, and whether it left further than its width (the countdown never moves it).
    await toast.evaluate((el: HTMLElement) => {
      const seen = window as unknown as { farthest: number; leftSideways: boolean };
      seen.farthest = 0;
      new MutationObserver(() => {
        const dx = Math.abs(Number(/translateX\((-?[\d.]+)px\)/.exec(el.style.transform)?.[1] ?? 0));
        seen.farthest = Math.max(seen.farthest, dx);
        if (dx > el.offsetWidth) seen.leftSideways = true;
      }).observe(el, { attributes: true, attributeFilter: ["style"] });
    });
    const atRest = () =>
      page.waitForFunction(() => {
        const el = document.querySelector<HTMLElement>("body > [aria-live] > [data-testid=toast-success]");
        return el?.style.transform === "" && getComputedStyle(el).transform === "none";
      });

    // Half way it follows the pointer (a cancelled drag would not have moved it: the browser's own drag of
    // the back link under the pressed point once did), then snaps back home.
    await drag(page, toast, 0.5 * way);
    await atRest();
    const half = await page.evaluate(() => (window as unknown as { farthest: number }).farthest);
    const width = (await toast.boundingBox())!.width;
    expect(half).toBeGreaterThan(0.4 * width);
    expect(half).toBeLessThan(0.8 * width);
    expect(await toast.isVisible()).toBe(true);
    const url = page.url();

    // From rest, let go past the threshold: it leaves sideways, further than its width, then is gone.
    await drag(page, toast, 0.9 * way);
    await toast.waitFor({ state: "detached" });
    expect(await page.evaluate(() => (window as unknown as { leftSideways?: boolean }).leftSideways)).toBe(true);
    expect(page.url()).toBe(url); // a drag is not a tap: the toast's link to the cart was not followed
    expect(problems).toEqual([]);
  });

  it("closes with its labelled button", async () => {
    const page = await open("en", "/saffron/1/offers");
    const toast = await cartToast(page, "en");
    // The pointer on its button holds its time: only the button can take it away, however slow the machine.
    await toast.getByRole("button", { name: en.extras.dismissToast }).click();
    await toast.waitFor({ state: "detached" });
    expect(page.url()).not.toMatch(/\/cart$/);
  });
});

describe("search", () => {
  it.each(["en", "ar"] as const)("answers as the diner types, keeping focus and caret; the URL is replaced (%s)", async (lang) => {
    const page = await open(lang, "/saffron/1");
    const box = page.getByRole("searchbox", { name: strings[lang].branch.searchLabel });
    await box.click();
    await page.keyboard.type("lat", { delay: 40 });
    await page.waitForURL(/\/saffron\/1\/search\?q=lat$/);
    // The search screen's box has taken over the typing (focused, "lat"). The URL changes before
    // React draws the new screen, and on a loaded machine a key pressed in between was lost:
    // typing goes on once the new box holds the text.
    await page.waitForFunction((label) => {
      const input = document.activeElement as HTMLInputElement | null;
      // The search screen's own box: its screen's heading is the search label.
      return input?.id === "menu-search" && input.value === "lat" && input.closest("main")?.querySelector("h1")?.textContent === label;
    }, strings[lang].branch.searchLabel);
    const depth = await page.evaluate(() => history.length);
    await page.keyboard.type("te", { delay: 40 });
    await page.waitForURL(/\/saffron\/1\/search\?q=latte$/);
    await page.getByTestId("product-card").first().waitFor();
    expect(await page.evaluate(() => history.length)).toBe(depth); // replaced, not pushed
    expect(
      await page.evaluate(() => {
        const input = document.activeElement as HTMLInputElement;
        return [input.id, input.value, input.selectionStart];
      }),
    ).toEqual(["menu-search", "latte", 5]);
    await shoot(page, `extras-search-${lang}`);
  });

  it("keeps the keys typed while the first results load (no skeleton takes the box away)", async () => {
    const page = await open("en", "/saffron/1");
    // The results take a while, as on a slow phone network.
    await page.route(
      (url) => url.pathname.endsWith("/search.data"),
      async (route) => {
        await new Promise((r) => setTimeout(r, 700));
        await route.fallback();
      },
    );
    const box = page.getByRole("searchbox", { name: strings.en.branch.searchLabel });
    await box.click();
    await page.keyboard.type("lat", { delay: 40 });
    await page.waitForRequest((request) => new URL(request.url()).pathname.endsWith("/search.data"));
    await page.keyboard.type("te", { delay: 40 });
    await page.waitForURL(/\/saffron\/1\/search\?q=latte$/);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("latte");
  });

  it("has a visible Search button that works without JavaScript", async () => {
    const page = await open("en", "/saffron/1", { javaScriptEnabled: false });
    await page.getByRole("searchbox", { name: en.branch.searchLabel }).fill("latte");
    await page.getByRole("button", { name: en.extras.search, exact: true }).click();
    await page.waitForURL(/\/saffron\/1\/search\?q=latte$/);
    expect(await page.getByTestId("product-card").count()).toBeGreaterThan(0);
  });
});

/** Waits until the device keeps `view` as the diner's layout (the cookie the next page is rendered from). */
async function kept(view: string) {
  const stored = async () => (await context!.cookies()).find((c) => /(^|-)view$/.test(c.name))?.value;
  await expect.poll(stored, { timeout: 10_000 }).toBe(view);
}

describe("layout", () => {
  it("is kept when switching menus, drawn once in the chosen layout", async () => {
    const page = await open("en", "/saffron/1");
    const menus = await page
      .locator("a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "").filter((href) => /^\/saffron\/1\/\d+$/.test(href)));
    expect(menus.length).toBeGreaterThan(1);
    await page.goto(`${base}${menus[0]}`);
    await page.waitForLoadState("networkidle");
    await page.locator("[role=group] a", { hasText: "3" }).click();
    await page.waitForSelector("[data-view=grid3]");
    // Kept once the page's script runs (at once, or on the page a tap before it loaded); then the tab's
    // click below is a navigation within the app, as the observer needs.
    await kept("grid3");

    // Every layout the list shows from here on, from the click on another menu's tab to its products.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      new MutationObserver(() => seen.push(document.querySelector<HTMLElement>("[data-view]")?.dataset.view ?? "none")).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["data-view"],
      });
    });
    await page.locator(`nav a[href='${menus[1]}']`).click();
    await page.waitForURL(new RegExp(`${menus[1]}$`));
    await page.waitForLoadState("networkidle");
    expect(await page.getAttribute("[data-view]", "data-view")).toBe("grid3");
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((v) => v !== "grid3" && v !== "none")).toEqual([]);
    expect(await page.locator("[role=group] a[aria-current=true]").textContent()).toContain("3");

    // A fresh load of a menu without ?view shows the stored choice too.
    await page.goto(`${base}${menus[0]}`);
    await page.waitForSelector("[data-view=grid3]");

    // Rendered so by the server: after choosing the list, a fresh load of another menu has it in its
    // HTML, and the page never shows another layout, from the first parsed node to after hydration.
    await page.locator("[role=group] a", { hasText: en.product.list }).click();
    await page.waitForSelector("[data-view=list]");
    await kept("list");
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      new MutationObserver(() => seen.push(document.querySelector<HTMLElement>("[data-view]")?.dataset.view ?? "none")).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["data-view"],
      });
    });
    const fresh = await page.goto(`${base}${menus[1]}`);
    expect(await fresh!.text()).toMatch(/data-view="list"/);
    await page.waitForLoadState("networkidle");
    expect(await page.getAttribute("[data-view]", "data-view")).toBe("list");
    const shown = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(shown).toContain("list");
    expect(shown.filter((v) => v !== "list" && v !== "none")).toEqual([]);
  });

  it("a layout tapped before the page's script ran is kept for the next menu", async () => {
    const page = await open("en", "/saffron/1");
    const menus = await page
      .locator("a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "").filter((href) => /^\/saffron\/1\/\d+$/.test(href)));
    // A slow phone: the menu is painted, its script has not run yet.
    const noScript = (url: URL) => url.pathname.endsWith(".js");
    await page.route(noScript, (route) => route.abort());
    // "domcontentloaded", then the load: this page never hydrates, so the wait for it (browser.ts) is not asked for.
    await page.goto(`${base}${menus[0]}`, { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load");
    await page.unroute(noScript);
    // The tap follows the plain link; the page it loads runs its script.
    await page.locator("[role=group] a", { hasText: "1" }).click();
    await page.waitForURL(/\?view=grid1$/);
    await kept("grid1");
    const next = await page.goto(`${base}${menus[1]}`);
    expect(await next!.text()).toMatch(/data-view="grid1"/);
  });
});

describe("phone", () => {
  it("takes +971 50 123 4567 as written: the code is sent to its digits", async () => {
    context = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const page = await context.newPage();
    await fillCart(page, base, "en");
    const field = page.getByLabel("Phone", { exact: true });
    expect(await field.getAttribute("inputmode")).toBe("tel");
    expect(await field.getAttribute("autocomplete")).toBe("tel");
    expect(await page.getByTestId("phone-hint").textContent()).toContain("+971 50 123 4567");
    const tail = String(Date.now()).slice(-7);
    const written = `+971 50 ${tail.slice(0, 3)}-${tail.slice(3)}`; // e.g. "+971 50 123-4567" (a real UAE mobile range)
    await page.getByLabel("Name", { exact: true }).fill("Sara");
    await field.fill(written);
    await page.getByRole("button", { name: ordering.cart.payOtp }).click();
    await page.locator("dialog[open]").getByText("A verification code has been sent to").waitFor();
    expect(await latestCode(base, `97150${tail}`)).toMatch(/^\d{6}$/);
  });
});

describe("404 inside a restaurant", () => {
  it.each([
    ["en", "/saffron/999", "/saffron"],
    ["ar", "/saffron/1/999", "/saffron"],
    ["en", "/table/5/saffron/1/999", "/table/5/saffron"],
  ] as const)("leads back to the restaurant's branches (%s %s)", async (lang, path, branches) => {
    context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    const res = await page.goto(`${base}${path}?lng=${lang}`);
    expect(res!.status()).toBe(404);
    const back = page.getByRole("link", { name: strings[lang].extras.restaurantHome });
    expect(await back.getAttribute("href")).toBe(branches);
    if (!path.startsWith("/table")) await shoot(page, `extras-404-${lang}`);
    await back.click();
    await page.waitForURL(`${base}${branches}`);
    await page.locator("main li a").first().waitFor(); // the branch list
  });

  it("outside any restaurant still leads to the site", async () => {
    context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/no-such-restaurant`);
    expect(await page.getByRole("link", { name: en.notFound.home }).getAttribute("href")).toBe("/");
  });
});

describe("the Arabic landing", () => {
  it.each([
    ["ar", "د.إ", "AED"],
    ["en", "AED", "د.إ"],
  ] as const)("shows the demo offer's prices in the language's currency (%s)", async (lang, shown, absent) => {
    const page = await open(lang, "/");
    const card = page.getByTestId("demo-offer");
    const text = (await card.textContent())!;
    expect(text).toContain(`20.00 ${shown}`);
    expect(text).not.toContain(absent);
  });
});
