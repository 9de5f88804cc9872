// Card payments through Tap (docs/decisions/0076), against Tap's in-process stand-in: a Kuwaiti order of
// 3.875 KWD charged as "3.875" and paid once under 50 concurrent notifications and returns; tampered,
// replayed and stale notifications refused; a failed or abandoned charge leaves the order unpaid and the
// diner at the cart; another restaurant's charge refused; bad bodies 400, never 500; Saudi (mada) and
// Bahraini (Benefit) charges' sources and amounts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cardPayments } from "../../worker/providers/card-payments";
import { orderRestaurant } from "../../worker/directory/order-restaurants";
import { restaurantCall } from "../../worker/restaurant/stub";
import { readCharge } from "../../worker/providers/tap-stand-in/state";
import { ordersOf } from "./restaurant-rows";
import { chargeOf, checkout, notification, notify, settleAtTap, site, tapRestaurant } from "./tap-restaurant";

const paidState = (restaurant: number, order: number) =>
  ordersOf(restaurant)
    .prepare(
      "SELECT o.paid, o.status, (SELECT count(*) FROM invoices WHERE order_id = o.id) AS invoices, (SELECT group_concat(status) FROM payment_sessions WHERE order_id = o.id) AS sessions FROM orders o WHERE o.id = ?",
    )
    .bind(order)
    .first<{ paid: number; status: number; invoices: number; sessions: string }>();

describe("Tap payments", { timeout: 60_000 }, () => {
  it("charges a 3.875 KWD order as 3.875 on src_all and marks it paid once under 50 concurrent notifications and returns", async () => {
    const r = await tapRestaurant("KW", 1000);
    const restaurant = (await orderRestaurant(env.DB, r.id))!;
    const cards = await cardPayments(env, restaurant);
    if (!("provider" in cards)) throw new Error("no provider");
    expect(cards.provider.name).toBe("tap");
    // Tap takes any fils (no 10-fils step): the order as a Tap restaurant's pricing would store it.
    const line = { product_id: r.dish, name_en: "Machboos", name_ar: "مجبوس", image: null, unit: 3875, amount: 1, note: "", options: [] };
    const money = { currency: "KWD", vatBp: 0, vat: 0, service: 0, tip: 0, total: 3875 };
    const order = await restaurantCall(env, restaurant, "createOrder", {
      branch_id: r.branch,
      name: "Noor",
      phone: "+96565000111",
      note: "",
      table_id: 1,
      pickup_at: null,
      payment: "online",
      idempotency_key: null,
      lines: [line],
      money,
    });
    const start = {
      order,
      restaurant,
      lines: [line],
      money,
      customer: { name: "Noor", phone: "+96565000111" },
      lang: "ar" as const,
      successUrl: `http://localhost/${r.domain}/${r.branch}/orders?paid={CHECKOUT_SESSION_ID}`,
      cancelUrl: `http://localhost/${r.domain}/${r.branch}/cart`,
    };
    const url = await cards.provider.start(start);
    // A retry of the same order goes back to the same page.
    expect(await cards.provider.start(start)).toBe(url);
    const charge = (await readCharge(env.HOSTS, chargeOf(url)))!;
    expect(charge).toMatchObject({ amount: 3875, sent: "3.875", currency: "KWD", source: "src_all", status: "INITIATED", country: "KW", lang: "ar" });
    expect(charge.post).toBe(`http://localhost/webhooks/tap/${r.id}`);
    const page = await site(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("DEMO");
    expect(html).toContain("كي نت");
    expect(html).toContain('dir="rtl"');

    const captured = await settleAtTap(charge.id, "CAPTURED");
    const note = await notification(captured);
    const redirect = new URL(charge.redirect);
    redirect.searchParams.set("tap_id", charge.id);
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => notify(r.id, note)),
      ...Array.from({ length: 50 }, () => site(redirect.pathname + redirect.search)),
    ]);
    const notes = answers.slice(0, 50);
    const returns = answers.slice(50);
    expect(notes.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(returns.every((a) => a.status === 303 && a.headers.get("location")!.includes("/orders?paid=r"))).toBe(true);
    expect(await paidState(r.id, order.id)).toEqual({ paid: 1, status: 0, invoices: 1, sessions: "paid" });
    // A replay of the same notification changes nothing.
    expect((await notify(r.id, note)).status).toBe(409);
    expect(await paidState(r.id, order.id)).toMatchObject({ paid: 1, invoices: 1 });
  });

  it("refuses tampered and stale notifications, another restaurant's charge, and bad bodies, never with a 500", async () => {
    const r = await tapRestaurant("KW", 2500);
    const other = await tapRestaurant("KW", 2500);
    const { url, order_id } = await checkout(r);
    const captured = await settleAtTap(chargeOf(url), "CAPTURED");
    // Tampered: the amount changed after signing; signed with another key.
    const note = await notification(captured);
    expect((await notify(r.id, { ...note, body: note.body.replace('"amount":2.5', '"amount":0.1') })).status).toBe(401);
    expect((await notify(r.id, await notification(captured, other.key))).status).toBe(401);
    expect((await notify(r.id, { ...note, hash: "0".repeat(64) })).status).toBe(401);
    expect((await notify(r.id, { ...note, hash: "" })).status).toBe(401);
    // Stale: rightly signed, but not what the charge is now (re-read says CAPTURED).
    expect((await notify(r.id, await notification({ ...captured, status: "FAILED" }))).status).toBe(409);
    // Another restaurant's charge, signed with the other restaurant's key, at its address: no session of its.
    expect((await notify(other.id, await notification(captured, other.key))).status).toBe(404);
    expect((await paidState(r.id, order_id))!.paid).toBe(0);
    for (const body of ["not json", "{}", "[]", '{"id":"chg_x"}', JSON.stringify({ ...JSON.parse(note.body), amount: "lots" }), "null"]) {
      const res = await notify(r.id, { body, hash: note.hash });
      expect(res.status, body).toBe(400);
    }
    expect((await notify("not-a-restaurant", note)).status).toBe(404);
    expect((await notify(999_999_999, note)).status).toBe(404);
    expect((await notify(r.id, { body: "x".repeat(70_000), hash: note.hash })).status).toBeLessThan(500);
    // Then the real one pays it.
    expect((await notify(r.id, note)).status).toBe(200);
    expect((await paidState(r.id, order_id))!.paid).toBe(1);
  });

  it("a declined charge (re-read FAILED) and an abandoned one leave the order unpaid and the diner at the cart", async () => {
    const r = await tapRestaurant("KW", 1500);
    for (const decision of ["fail", "abandon"]) {
      const { url, order_id } = await checkout(r);
      const left = await site(url, { method: "POST", body: new URLSearchParams({ decision, method: "knet" }) });
      expect(left.status).toBe(303);
      const back = new URL(left.headers.get("location")!);
      expect(back.searchParams.get("tap_id")).toBe(chargeOf(url));
      const home = await site(back.pathname + back.search);
      expect(home.status).toBe(303);
      expect(home.headers.get("location")).toBe(`http://localhost/${r.domain}/${r.branch}/cart`);
      expect((await readCharge(env.HOSTS, chargeOf(url)))!.status).toBe(decision === "fail" ? "FAILED" : "ABANDONED");
      expect(await paidState(r.id, order_id)).toMatchObject({ paid: 0, invoices: 0, sessions: "cancelled" });
    }
    // Paying on the page notifies and returns to the order, paid.
    const { url, order_id } = await checkout(r);
    const paid = await site(url, { method: "POST", body: new URLSearchParams({ decision: "pay", method: "knet" }) });
    expect((await paidState(r.id, order_id))!.paid).toBe(1);
    const back = new URL(paid.headers.get("location")!);
    expect((await site(back.pathname + back.search)).headers.get("location")).toContain("/orders?paid=r");
    // Another session's charge on this return: no way back.
    const again = await checkout(r);
    expect((await site(`${back.pathname}?tap_id=${chargeOf(again.url)}`)).status).toBe(404);
  });

  it("charges a Saudi order in SAR and a Bahraini one in BHD on Tap's page with mada and Benefit", async () => {
    for (const [country, price, amount, method] of [
      ["SA", 4500, "45.00", "مدى"],
      ["BH", 2750, "2.750", "Benefit"],
    ] as const) {
      const r = await tapRestaurant(country, price);
      const { url } = await checkout(r, country === "SA" ? "ar" : "en");
      const charge = (await readCharge(env.HOSTS, chargeOf(url)))!;
      expect(charge).toMatchObject({ source: "src_all", currency: country === "SA" ? "SAR" : "BHD", country });
      // VAT is in the price; the charge is the order's total to the unit.
      const total = (await ordersOf(r.id).prepare("SELECT total_minor FROM orders ORDER BY id DESC LIMIT 1").first<{ total_minor: number }>())!.total_minor;
      expect(charge.amount).toBe(total);
      expect(total).toBe(price);
      expect(charge.sent).toBe(amount);
      expect(await (await site(url)).text()).toContain(method);
    }
  });
});
