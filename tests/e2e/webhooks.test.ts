// Order webhooks in a real browser on `npm start`'s server (docs/decisions/0056): the owner adds an endpoint
// (a stand-in receiver on this machine, which answers its first request 500) and copies the secret shown
// once; a diner orders by SMS code; the restaurant moves the order to preparing and ready. The receiver
// gets every event of that order's life, each signed with the secret, the first one retried once after
// the 500 and the later ones after it; the console's log shows the 500 and each 200. Screenshots: the
// webhooks page on a phone, EN light and AR dark. The endpoint is removed at the end (later files share the server).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifySignature } from "../../worker/webhooks/signature";
import { startStandIns, type Recorded, type StandIns } from "../stand-ins/server";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { restaurantSql, seedMember } from "./console-seed";
import { placeOrderBySms, setOrderStatus } from "./ordering-flow";

const base = inject("baseUrl");
const browser = sharedBrowser();
let receiver: StandIns;
beforeAll(async () => {
  receiver = await startStandIns();
});
afterAll(async () => {
  restaurantSql(1, "DELETE FROM webhook_attempts; DELETE FROM webhook_deliveries; DELETE FROM webhook_endpoints");
  await receiver.close();
});

const received = async (key: string) => (await (await fetch(`${receiver.base}/_log/webhooks?key=${key}`)).json()) as Recorded[];
type Event = { id: string; type: string; attempt: number; data: { order: { id: number; status: string; customer: { name: string } } } };

async function until(key: string, count: number, ms: number): Promise<Recorded[]> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await received(key);
    if (got.length >= count || Date.now() > end) return got;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("order webhooks", () => {
  it("a diner's order reaches the owner's endpoint, signed, retried once after a 500, and the console shows it", { timeout: 180_000 }, async () => {
    const owner = seedMember("owner", "3", "Webhook Owner", []);
    const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
    await context.addCookies([{ name: "console", value: owner, url: base, httpOnly: true, sameSite: "Lax" }]);
    const console_ = await context.newPage();
    const problems = watchConsole(console_);

    await console_.goto(`${base}/console/webhooks?lng=en`);
    await console_.getByRole("heading", { name: "Webhooks" }).waitFor();
    const key = `e2e-fail-once-${Date.now()}`;
    await console_.getByLabel("Endpoint URL").fill(`${receiver.base}/hooks/${key}`);
    await console_.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await console_.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    // A private address is refused beside the field, keeping what was typed.
    await console_.getByLabel("Endpoint URL").fill("https://192.168.1.20/pos");
    await console_.getByRole("button", { name: "Add endpoint" }).click();
    await console_.getByText("Use a public address").waitFor();
    expect(await console_.getByLabel("Endpoint URL").inputValue()).toBe("https://192.168.1.20/pos");

    // A diner orders; the restaurant starts it and marks it ready.
    const dinerContext = await browser().newContext({ ...ownAddress(), viewport: PHONE });
    const diner = await dinerContext.newPage();
    await placeOrderBySms(diner, base);
    const first = await until(key, 1, 10_000);
    const orderId = (first[0]!.json as Event).data.order.id;
    expect(await setOrderStatus(base, orderId, 1)).toBe(200);
    expect(await setOrderStatus(base, orderId, 2)).toBe(200);

    // placed (500), placed again after its backoff, then the two status changes — in that order.
    const got = await until(key, 4, 60_000);
    const events = got.map((r) => r.json as Event);
    expect(events.map((e) => `${e.type}:${e.data.order.status}:${e.attempt}`)).toEqual([
      "order.placed:pending:1",
      "order.placed:pending:2",
      "order.status_changed:inProcess:1",
      "order.status_changed:ready:1",
    ]);
    expect(events[0]!.id).toBe(events[1]!.id);
    expect(events.every((e) => e.data.order.id === orderId && e.data.order.customer.name === "Sara")).toBe(true);
    for (const request of got)
      expect(await verifySignature(secret, request.body!, request.headers["menu-signature"]!, Math.floor(Date.now() / 1000))).toBe(true);

    // The console's log: three deliveries, the first with its 500 and its 200.
    await console_.goto(`${base}/console/webhooks?lng=en`);
    const placed = console_.locator("[data-testid=webhook-delivery][data-event='order.placed']");
    await placed.locator("[data-testid=webhook-attempt][data-code='500']").waitFor();
    await placed.locator("[data-testid=webhook-attempt][data-code='200']").waitFor();
    expect(await console_.locator("[data-testid=webhook-delivery][data-state=delivered]").count()).toBe(3);
    expect(await seriousA11yViolations(console_)).toEqual([]);
    await shoot(console_, "webhooks-phone-en-light", { fullPage: true });
    await console_.emulateMedia({ colorScheme: "dark" });
    await console_.goto(`${base}/console/webhooks?lng=ar`);
    await console_.getByRole("heading", { name: "الويب هوك" }).waitFor();
    expect(await console_.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await seriousA11yViolations(console_)).toEqual([]);
    await shoot(console_, "webhooks-phone-ar-dark", { fullPage: true });
    // The one 422 is the refused private address above.
    expect(problems.filter((p) => !/status of 422/.test(p))).toEqual([]);
    await Promise.all([context.close(), dinerContext.close()]);
  });
});
