// Realtime in a real browser against the served build: the /chat test page between two pages,
// an order's status arriving live on the orders screen, and catching up after a lost connection.
import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, seriousA11yViolations, sharedBrowser, watchConsole, ownAddress, shoot } from "./browser";
import { placeOrderBySms, setOrderStatus } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();

/** Waits until the page is connected and subscribed to its channels. */
const live = (page: Page, selector: string) => page.locator(`${selector}[data-live=true]`).waitFor({ timeout: 10_000 });

async function chatPage(lang: "en" | "ar", colorScheme: "light" | "dark" = "light") {
  const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${base}/chat?lng=${lang}`);
  await live(page, "[data-testid=chat-state]");
  return { context, page, problems };
}

async function say(page: Page, text: string, label = "Message", send = "Send") {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByRole("button", { name: send, exact: true }).click();
}

const messages = (page: Page) => page.getByTestId("chat-message").allTextContents();

describe("/chat", () => {
  it("two open pages see each other's messages, newest last, as plain text", async () => {
    const a = await chatPage("en");
    const b = await chatPage("en");
    expect(await a.page.getByTestId("chat-state").textContent()).toBe("Connected");
    // /chat's socket goes to the site's own hub, apart from every restaurant's (docs/decisions/0038).
    expect(await a.page.evaluate(() => (window as unknown as { __realtime: { config: { wsPath: string } } }).__realtime.config.wsPath)).toBe(
      "/api/realtime/chat",
    );
    await say(a.page, "Hello from A");
    await b.page.getByText("Hello from A").waitFor({ timeout: 2000 });
    await say(b.page, "<b>not bold</b> from B");
    await a.page.getByText("<b>not bold</b> from B").waitFor({ timeout: 2000 });
    for (const { page } of [a, b]) expect(await messages(page)).toEqual(["Hello from A", "<b>not bold</b> from B"]);
    expect(await a.page.getByLabel("Message", { exact: true }).inputValue()).toBe(""); // cleared once sent
    expect(await a.page.locator("[data-testid=chat-log] b").count()).toBe(0);
    expect([...a.problems, ...b.problems]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it.each([
    ["en", "light"],
    ["en", "dark"],
    ["ar", "light"],
    ["ar", "dark"],
  ] as const)("fits a phone in %s, %s, and passes axe", async (lang, scheme) => {
    const { context, page, problems } = await chatPage(lang, scheme);
    const [label, send] = lang === "en" ? ["Message", "Send"] : ["الرسالة", "إرسال"];
    await say(page, lang === "en" ? "Table 4 would like more water, please" : "الطاولة ٤ تطلب المزيد من الماء من فضلك", label, send);
    await page.getByTestId("chat-message").first().waitFor({ timeout: 2000 });
    expect(await page.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId("chat-state").scrollIntoViewIfNeeded();
    await shoot(page, `chat-${lang}-${scheme}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("live order status", () => {
  it(
    "shows the restaurant's status change on the orders screen and its sheet without a reload, and catches up after a lost connection",
    { timeout: 90_000 },
    async () => {
      const context = await browser().newContext({ ...ownAddress(), viewport: PHONE });
      // Every socket to the channel server passes through here, so the test can cut them.
      let down = false;
      const sockets: WebSocketRoute[] = [];
      const opened: string[] = [];
      await context.routeWebSocket(/\/app\//, (ws) => {
        opened.push(new URL(ws.url()).pathname);
        if (down) return void ws.close();
        sockets.push(ws, ws.connectToServer());
      });
      const dropConnection = async (drop: boolean) => {
        down = drop;
        await context.setOffline(drop); // pusher-js retries at once when the browser says it is online again
        if (drop) for (const ws of sockets.splice(0)) await ws.close();
      };
      const page = await context.newPage();
      const problems = watchConsole(page);
      await placeOrderBySms(page, base);
      await page.getByRole("link", { name: "Orders", exact: true }).click();
      await page.waitForURL(/\/orders$/);
      await live(page, "main");
      // The socket goes to saffron's own channel server (docs/decisions/0038).
      expect(opened).toEqual(["/api/realtime/r/saffron/app/menu-local-key"]);
      await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
      const card = page.getByTestId("order-card").first();
      const orderId = Number(await card.getAttribute("data-order-id"));
      await card.click();
      const status = page.getByTestId("order-status");
      expect(await status.textContent()).toBe("Received");

      // Live: the open sheet, the card and a toast follow within a second.
      expect(await setOrderStatus(base, orderId, 1)).toBe(200);
      await page.waitForFunction(() => document.querySelector("[data-testid=order-status]")?.textContent === "Being prepared", undefined, { timeout: 1000 });
      expect(await page.getByTestId("toast-info").first().textContent()).toMatch(/^Order #\d+: Being prepared$/);
      // Shown inside the open sheet: outside it, it would be under the backdrop and inert (unannounced).
      expect(await page.locator("dialog[open] [data-testid=toast-info]").count()).toBeGreaterThan(0);
      expect(await card.textContent()).toContain("Being prepared");

      // Lost connection, as the page sees a network loss: its socket closes and new ones fail until
      // the network is back. The event sent meanwhile never arrives; on reconnect the screen reloads its data.
      await dropConnection(true);
      await page.waitForFunction(() => (window as unknown as { __realtime: { connection: { state: string } } }).__realtime.connection.state !== "connected");
      // (The restaurant cancels the order meanwhile; a ready order could no longer be canceled.)
      expect(await setOrderStatus(base, orderId, 3)).toBe(200);
      await page.waitForTimeout(1000);
      expect(await status.textContent()).toBe("Being prepared");
      await dropConnection(false);
      await page.waitForFunction(() => document.querySelector("[data-testid=order-status]")?.textContent === "Cancelled", undefined, { timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
      await shoot(page, "order-live-en-light");
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
