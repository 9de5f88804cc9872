// Each restaurant's pages wear its own colours (not the product's amber), readable in both themes:
// computed colours of the header, a menu tab, an offer price and the page, on a phone, with screenshots.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, sharedBrowser, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

/** The seed's styles (migrations/0002_demo_seed.sql): two restaurants with different colours. */
const RESTAURANTS = {
  saffron: { primary: [180, 83, 9], background: [255, 250, 242] },
  "grill-house": { primary: [185, 28, 28], background: [250, 247, 245] },
} as const;
const DARK_SURFACE = [20, 18, 16];
/** A branch home's tiles for the restaurant's own menus (not offers, new or popular). */
const REAL_MENU = "main ul.grid li a:not([href$='/offers']):not([href$='/new']):not([href$='/popular'])";

type Rgb = readonly number[];

// WCAG 2 contrast, computed here on its own so the test does not trust the code it checks.
const channel = (n: number) => (n / 255 <= 0.04045 ? n / 255 / 12.92 : ((n / 255 + 0.055) / 1.055) ** 2.4);
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
function contrast(a: Rgb, b: Rgb) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
function hue([r, g, b]: Rgb) {
  const [max, min] = [Math.max(r!, g!, b!), Math.min(r!, g!, b!)];
  const h = max === r ? (g! - b!) / (max - min) : max === g ? (b! - r!) / (max - min) + 2 : (r! - g!) / (max - min) + 4;
  return (h * 60 + 360) % 360;
}

/**
 * The computed background and text colours of the first element the selector finds, as sRGB channels
 * (painted on a canvas: computed colours may be oklch(), as Tailwind's palette is). A transparent
 * background comes back as null.
 */
async function colours(page: Page, selector: string): Promise<{ bg: Rgb | null; fg: Rgb }> {
  const el = page.locator(selector).first();
  await el.waitFor();
  return el.evaluate((node) => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const channels = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return a === 255 ? [r!, g!, b!] : null;
    };
    const style = getComputedStyle(node);
    return { bg: channels(style.backgroundColor), fg: channels(style.color)! };
  });
}

/** A fill that must be there (an opaque background). */
async function fill(page: Page, selector: string): Promise<{ bg: Rgb; fg: Rgb }> {
  const { bg, fg } = await colours(page, selector);
  if (!bg) throw new Error(`${selector} has no opaque background`);
  return { bg, fg };
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  await shoot(page, name, { fullPage: false });
}

const primaries: Record<string, Rgb> = {};

describe.each(["light", "dark"] as const)("restaurant colours (%s theme)", (scheme) => {
  it.each(Object.keys(RESTAURANTS) as (keyof typeof RESTAURANTS)[])("%s wears its own colours, readable", async (domain) => {
    const own = RESTAURANTS[domain];
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: scheme, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/${domain}?lng=en`);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");

      // The branch list: its header is the primary, its page the restaurant's background (light) or the dark surface.
      const header = await fill(page, "[data-brand] > header");
      const pageColours = await fill(page, "[data-brand]");
      if (scheme === "light") {
        expect(header.bg).toEqual(own.primary);
        expect(pageColours.bg).toEqual(own.background);
      } else {
        expect(pageColours.bg).toEqual(DARK_SURFACE);
        expect(Math.abs(hue(header.bg) - hue(own.primary))).toBeLessThan(8); // the restaurant's accent, lightened
        expect(contrast(header.bg, pageColours.bg)).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(header.fg, header.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(pageColours.fg, pageColours.bg)).toBeGreaterThanOrEqual(4.5);
      primaries[`${domain}-${scheme}`] = header.bg;
      await shot(page, `brand-branches-${domain}-en-${scheme}`);

      // A branch's first real menu: the active menu tab is a primary fill.
      const branch = (await page.locator("main li a").first().getAttribute("href"))!;
      await page.goto(`${base}${branch}`);
      const menu = (await page.locator(REAL_MENU).first().getAttribute("href"))!;
      await page.goto(`${base}${menu}`);
      const tab = await fill(page, `main nav a[aria-current=page][href='${menu}']`);
      expect(tab.bg).toEqual(header.bg);
      expect(contrast(tab.fg, tab.bg)).toBeGreaterThanOrEqual(4.5);
      await shot(page, `brand-menu-${domain}-en-${scheme}`);

      // The offers: an offer price is primary text on its card, the card's text reads too.
      await page.goto(`${base}${branch}/offers`);
      const offer = (await colours(page, "[data-testid=product-card] del + span")).fg;
      const card = await fill(page, "[data-testid=product-card]");
      expect(offer).toEqual(header.bg);
      expect(contrast(offer, card.bg)).toBeGreaterThanOrEqual(4.5);
      const screen = await fill(page, "[data-brand]");
      expect(screen.bg).toEqual(pageColours.bg);
      expect(contrast(screen.fg, card.bg)).toBeGreaterThanOrEqual(4.5);
      await shot(page, `brand-offers-${domain}-en-${scheme}`);

      // Arabic: the same colours, for the screenshots.
      await page.goto(`${base}/${domain}?lng=ar`);
      await shot(page, `brand-branches-${domain}-ar-${scheme}`);
      await page.goto(`${base}${menu}`);
      await page.getByTestId("product-card").first().waitFor();
      await shot(page, `brand-menu-${domain}-ar-${scheme}`);
    } finally {
      await context.close();
    }
  });
});

// Runs after the tests above (a file's tests run in order): two restaurants, two looks, in each theme.
it("gives the two restaurants different primaries in each theme", () => {
  for (const scheme of ["light", "dark"]) {
    const [a, b] = [primaries[`saffron-${scheme}`], primaries[`grill-house-${scheme}`]];
    expect(a && b, `both restaurants measured in ${scheme}`).toBeTruthy();
    expect(a).not.toEqual(b);
  }
});
