// Chromium for the browser tests: the one the global setup found (scripts/chromium-path.ts, unpacked
// once before the files that run side by side launch it).
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Locator, type Page, type PageScreenshotOptions } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: inject("chromiumPath"),
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      "--font-render-hinting=none",
    ],
  });
  livePagesOf(browser);
  return browser;
}

/**
 * Every page of the browser's contexts (JavaScript on) waits, after a goto, reload or waitForURL that
 * waits for the load event, until React has hydrated: the scripts come after the first pictures are painted (decision
 * 0012), so a test's tap right after `load` could land on a JavaScript-only control that is not live yet
 * (a sheet's button did nothing, once in a CI run). A goto that asks for less ("commit", to see a page
 * load) is left as it is, and a page that is not a React Router page is not waited on.
 */
function livePagesOf(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled === false) return context;
    const newPage = context.newPage.bind(context);
    context.newPage = async () => livePage(await newPage());
    return context;
  };
}

const waitsForLoad = (options?: { waitUntil?: string }) => !options?.waitUntil || options.waitUntil === "load" || options.waitUntil === "networkidle";

function livePage(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (waitsForLoad(options)) await hydratedIfReact(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (waitsForLoad(options)) await hydratedIfReact(page);
    return response;
  };
  // A form posted or a link followed before hydration is a document load too: waiting for its URL waits for it to be live.
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (url, options) => {
    await waitForURL(url, options);
    if (waitsForLoad(options)) await hydratedIfReact(page);
  };
  return page;
}

async function hydratedIfReact(page: Page): Promise<void> {
  await page.waitForFunction(() => !("__reactRouterContext" in window) || Object.keys(document).some((key) => key.startsWith("__reactContainer")), undefined, {
    timeout: 20_000,
  });
}

export const PHONE = { width: 390, height: 844 };

/**
 * A diner of their own: a browser context's requests carry a client address no other context has
 * (wrangler dev passes CF-Connecting-IP through, as Cloudflare's edge sets it), so the API's per-address
 * limits (20 codes an hour, 30 online orders in 10 minutes) count each test's diner apart, as at a
 * restaurant, instead of every test of a run as one client on 127.0.0.1.
 */
export function ownAddress(): { extraHTTPHeaders: Record<string, string> } {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return { extraHTTPHeaders: { "cf-connecting-ip": `10.${a}.${b}.${c! || 1}` } };
}
const SCREENSHOTS = "tmp/screenshots";

/**
 * Waits until React has hydrated the page (its root is on the document). Scripts come after the first
 * pictures are painted (decision 0012), so a tap on a JavaScript-only control (a sheet's add button,
 * a reorder arrow) before then does nothing: a test taps once the page is live, as a diner sees it.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
}

/** Chrome's note, ~3 s after a load, that a preloaded font (app/lib/fonts.ts) went unused. */
export const FONT_PRELOAD_NOTE = /\.woff2 was preloaded using link preload but not used/;

/**
 * Collects console errors/warnings and page errors (hydration mismatches show up here). A page loaded
 * again in the same tab takes its fonts from the memory cache and Chrome then notes the preload as
 * unused: that note is left out after the tab's first load (the first load must use its preloads).
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  let loads = 0;
  page.on("load", () => loads++);
  page.on("console", (m) => {
    if (loads > 1 && FONT_PRELOAD_NOTE.test(m.text())) return;
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return `${SCREENSHOTS}/${name}.png`;
}

/**
 * A screenshot for people to look at (tmp/screenshots, docs/development.md). CI has nobody looking: there
 * (CI set, as .ci/run sets it) it waits for what a screenshot waits for — the element shown, the page's
 * fonts — and writes nothing. ~270 screenshots, full pages at twice the density, were ~1 min of a
 * run's two cores (docs/decisions/0085). A test that reads a picture's pixels calls `screenshot` itself.
 */
export async function shoot(target: Page | Locator, name: string, options: Pick<PageScreenshotOptions, "fullPage" | "scale"> = {}): Promise<void> {
  if (process.env.CI) {
    if ("waitFor" in target) await target.waitFor();
    else await target.evaluate(() => document.fonts.ready.then(() => undefined));
    return;
  }
  const path = screenshotPath(name);
  if ("waitFor" in target) await target.screenshot({ path, scale: options.scale });
  else await target.screenshot({ path, ...options });
}

/**
 * axe-core on the current page: the serious and critical violations (rule id and first target).
 * Measured at rest: finite transitions (the top bar turning to the brand colour once a fill scrolled
 * the page) settle first, or axe reads a colour halfway through and reports a contrast no one sees; and
 * so do parts marked busy (a board card dimmed while its tap is sent and the list reloads).
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
  // (Bounded: a part that stays busy is measured as it is after 10 s.)
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 10_000 }).catch(() => undefined);
  const { AxeBuilder } = await import("@axe-core/playwright");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")} (${v.nodes.length})`);
}

/** One browser for a test file: launched before its tests, closed after. Call the result to get it. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}
