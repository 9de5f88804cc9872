// Paint first, hydrate next (decision 0012): no script is requested before a page's first row of
// pictures has loaded and been painted, and the page still hydrates without console errors.
import { describe, expect, inject, it } from "vitest";
import { hydrated, PHONE, sharedBrowser, watchConsole } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

describe.each(["/saffron/1", "/saffron/1/1"])("first paint of %s", (path) => {
  it("requests its scripts only after the first contentful paint and its first row of pictures", async () => {
    for (let round = 0; round < 3; round++) {
      const context = await browser().newContext({ viewport: PHONE });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${base}${path}`);
      await hydrated(page);
      const timeline = await page.evaluate(() => {
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => img.currentSrc);
        return {
          paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
          firstScript: Math.min(...resources.filter((r) => new URL(r.name).pathname.endsWith(".js")).map((r) => r.startTime)),
          picturesLoaded: Math.max(...resources.filter((r) => pictures.includes(r.name)).map((r) => r.responseEnd)),
          pictures: pictures.length,
        };
      });
      expect(timeline.pictures).toBeGreaterThan(0);
      expect(timeline.firstScript).toBeGreaterThanOrEqual(timeline.paint);
      expect(timeline.firstScript).toBeGreaterThanOrEqual(timeline.picturesLoaded);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

// Pictures that arrive after the first paint, under a fixed browser clock (whose `performance` lists no
// entries): the loader's paint observer is buffered, so it still sees the paint that came before it and the
// page hydrates (without it, diner-order-landing's Info sheet test timed out in CI when its pictures were slow).
it("hydrates when its pictures arrive after the first paint, also under a fixed browser clock", async () => {
  const context = await browser().newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date("2026-11-24T08:00:00Z"));
  await page.route("**/*", async (route) => {
    const picture = route.request().resourceType() === "image" && !route.request().url().includes("favicon");
    if (picture) await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`${base}/saffron/2`); // waits for hydration (./browser.ts), 20 s at most
  await hydrated(page);
  await context.close();
});
