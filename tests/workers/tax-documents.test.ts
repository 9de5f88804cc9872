// A Kuwaiti diwan's documents and revenue (docs/decisions/0060): with no VAT in
// Kuwait the sale's document is a receipt (Receipt / إيصال) with no VAT lines, both languages on every
// line; and the month's revenue on insights equals its invoices less its credit notes, over card-paid,
// counter-paid, unpaid SMS-code, cancelled-after-payment (credit note and refund) orders.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { orderTokenCookie } from "../../app/lib/order-token.server";
import { insightsOf } from "../../worker/console/insights";
import { createRestaurant } from "../../worker/console/signup";
import { issueCreditNote, issueInvoice } from "../../worker/restaurant/invoices";
import { migrate } from "../../worker/restaurant/schema";
import type { OrdersDb } from "../../worker/restaurant/sql-bridge";
import { catalogueRow, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, dinerToken, json } from "./helpers";
import { ordersOf } from "./restaurant-rows";

const call = apiCaller(74);
const DOMAIN = "kuwait-diwan";
let restaurant: number;
let branch: number;
let dish: number;
let owner: string;
let seq = 0;
/** A Kuwaiti mobile in E.164 no other call of this file has used. */
const kuwaitiPhone = () => `+965655${String(Date.now()).slice(-2)}${String(++seq).padStart(3, "0")}`;
const board = (fields: Record<string, string>) => consolePost(`/console/orders?branch=${branch}`, owner, fields);

/** An order by SMS code: its id, token and phone. */
async function counterOrder(amount = 1) {
  const phone = kuwaitiPhone();
  const token = await dinerToken(call, phone, branch, DOMAIN);
  const res = await call(
    "/storeOrder",
    { domain: DOMAIN, branch_id: branch, items: JSON.stringify([{ product_id: dish, amount }]), note: "" },
    { authorization: `Bearer ${token}` },
  );
  expect(res.status).toBe(200);
  return { id: (await json(res)).data.order_id as number, token, phone };
}

/** A card order paid on the demo page with a tip (major units): its id. */
async function cardOrder(tip: string): Promise<number> {
  const started = await call("/orderPayment", {
    domain: DOMAIN,
    branch_id: branch,
    items: JSON.stringify([{ product_id: dish, amount: 2 }]),
    table_id: 2,
    nameCustomer: "Fahad",
    phoneCustomer: kuwaitiPhone(),
    success_url: `http://localhost/${DOMAIN}/${branch}/orders?paid={CHECKOUT_SESSION_ID}`,
    cancel_url: `http://localhost/${DOMAIN}/${branch}/cart`,
    tip,
  });
  expect(started.status).toBe(200);
  const { url, order_id } = (await json(started)).data;
  const paid = await exports.default.fetch(url, { method: "POST", body: new URLSearchParams({ decision: "pay" }), redirect: "manual" });
  expect(paid.status).toBe(303);
  return order_id as number;
}

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: DOMAIN,
    name_en: "Kuwait Diwan",
    name_ar: "ديوان الكويت",
    country: "KW",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+96565000111", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  restaurant = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(restaurant).run();
  owner = (await seedMember(restaurant, "owner")).cookie;
  branch = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM branches LIMIT 1"))!.id;
  await catalogueRun(restaurant, "UPDATE branches SET payment_mode = 'both', time_zone = 'Asia/Kuwait' WHERE id = ?", branch);
  const menu = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM menus LIMIT 1"))!.id;
  const category = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Rice', 'أرز') RETURNING id",
    menu,
  ))!.id;
  // 2.750 KWD.
  dish = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Machboos', 'مجبوس', 2750) RETURNING id",
    category,
  ))!.id;
  const seller = { legal_name_en: "Kuwait Diwan Co.", legal_name_ar: "شركة ديوان الكويت", trn: "", address: "", vat_rate: "", service_rate: "", tips: "10" };
  expect((await consolePost("/console/tax", owner, seller)).status).toBe(200);
});

describe("a restaurant in Kuwait", { timeout: 60_000 }, () => {
  it("issues a receipt with no VAT lines, both languages on the seller and every line, in either page language", async () => {
    const order = await counterOrder(2);
    expect((await board({ intent: "counter", order_id: String(order.id) })).status).toBe(200);
    const res = await exports.default.fetch(`http://localhost/api/order/invoice/${order.id}`, { headers: { authorization: `Bearer ${order.token}` } });
    const doc = (await json(res)).data;
    expect(doc).toMatchObject({ currency: "KWD", vat_rate: 0, vat: 0, total: 5.5, taxable: 5.5, tip: 0, zatca_qr: null, seller: { trn: null } });
    // The order names its document a receipt too (the diner's link reads "Receipt", not "Tax invoice").
    const shown = await exports.default.fetch(`http://localhost/api/order/show/${order.id}`, { headers: { authorization: `Bearer ${order.token}` } });
    expect((await json(shown)).data.invoices).toEqual({ invoice: expect.any(Number), credit_note: null, receipt: true });
    const cookie = `${orderTokenCookie(new URL("http://localhost/"), branch)}=${order.token}.${order.phone.slice(1)}`;
    for (const lang of ["en", "ar"]) {
      const page = await exports.default.fetch(`http://localhost/${DOMAIN}/${branch}/orders/${order.id}/invoice?lang=${lang}`, {
        headers: { cookie: `${cookie}; lang=${lang}` },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const text of ["Receipt", "إيصال", "Machboos", "مجبوس", "Kuwait Diwan Co.", "شركة ديوان الكويت", "Amount paid", "5.500"])
        expect(html).toContain(text);
      for (const text of ["tax invoice", "VAT", "ضريبة", 'data-testid="invoice-vatAt"', 'data-testid="invoice-net"']) expect(html).not.toContain(text);
    }
  });

  it("counts as revenue exactly the month's invoices less its credit notes", async () => {
    // Paid by card with a tip; paid at the counter; by SMS code and never marked paid; paid by card then
    // cancelled (a credit note and a refund); paid at the counter then cancelled (a credit note).
    const card = await cardOrder("0.5");
    const counter = await counterOrder(3);
    await counterOrder(4);
    const cancelledCard = await cardOrder("0");
    const cancelledCounter = await counterOrder(1);
    for (const id of [counter.id, cancelledCounter.id]) expect((await board({ intent: "counter", order_id: String(id) })).status).toBe(200);
    for (const id of [cancelledCard, cancelledCounter.id]) expect((await board({ intent: "move", order_id: String(id), status: "3" })).status).toBe(200);
    const refund = await ordersOf(restaurant).prepare("SELECT amount FROM refunds WHERE order_id = ?").bind(cancelledCard).first<{ amount: number }>();
    expect(refund).toEqual({ amount: 5500 });
    // The month's documents as the accountant's CSV has them (the taxable totals, tips apart).
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kuwait", year: "numeric", month: "2-digit" }).format(Date.now());
    const csv = (await (await exports.default.fetch(`http://localhost/console/tax/invoices.csv?month=${month}`, { headers: { cookie: owner } })).text())
      .trim()
      .split("\r\n");
    const documents = csv.slice(1, csv.indexOf("")).map((l) => l.split(","));
    expect(documents.map((d) => d[1]).sort()).toEqual(["credit", "credit", "invoice", "invoice", "invoice", "invoice", "invoice"]);
    const documented = Math.round(documents.reduce((sum, d) => sum + Number(d[9]) * 1000, 0));
    const insights = (await insightsOf(env, restaurant, branch, 30))!.sales;
    // 2 × 2.750 (the first test's receipt) + 2 × 2.750 (card, its 0.500 tip apart) + 3 × 2.750 = 19.250 KWD.
    expect(documented).toBe(19_250);
    expect(insights).toMatchObject({ orders: 3, revenue: documented, currency: "KWD" });
    expect(csv.at(-1)!.split(",")).toEqual(["rate", "KWD", "0", "19.250", "0.000", "19.250", "0.500", "19.750"]);
  });
});

describe("object schema 14", () => {
  it("keeps every issued number and continues each kind in its own series", async () => {
    const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName("schema-test-series"));
    await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      migrate(state.storage, 13);
      // Version 13's one sequence: invoices 1, 2, 3, 5 and the credit note 4 (of invoice 2).
      for (const id of [1, 2, 3, 4])
        sql.exec(
          "INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, status, paid, created_at) VALUES (?, 1, 1, ?, 'D', '+96565000001', 1, 1000, 'KWD', 0, 1, '2026-11-01 10:00:00')",
          id,
          id,
        );
      const doc = (number: number, kind: string, order: number, credits: number | null) =>
        sql.exec(
          "INSERT INTO invoices (number, kind, order_id, credits, issued_at, currency, vat_bp, total_minor, vat_minor, seller) VALUES (?, ?, ?, ?, 1, 'KWD', 0, 1000, 0, '{}')",
          number,
          kind,
          order,
          credits,
        );
      doc(1, "invoice", 1, null);
      doc(2, "invoice", 2, null);
      doc(3, "invoice", 3, null);
      doc(4, "credit", 2, 2);
      doc(5, "invoice", 4, null);
      expect(migrate(state.storage)).toBe(13);
      const numbers = () => sql.exec<{ kind: string; number: number }>("SELECT kind, number FROM invoices ORDER BY kind, number").toArray();
      expect(numbers()).toEqual([
        { kind: "credit", number: 4 },
        { kind: "invoice", number: 1 },
        { kind: "invoice", number: 2 },
        { kind: "invoice", number: 3 },
        { kind: "invoice", number: 5 },
      ]);
      // The next invoice is 6, the next credit note 5: each series from its own last number.
      sql.exec(
        "INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, status, paid, created_at) VALUES (5, 1, 1, 5, 'D', '+96565000001', 1, 1000, 'KWD', 0, 1, '2026-11-01 10:00:00')",
      );
      sql.exec("UPDATE orders SET status = 3 WHERE id = 3");
      // The object's statements, run the way its SQL bridge runs them.
      const db = {
        prepare: (query: string) => ({
          bind: (...args: unknown[]) => ({ run: () => sql.exec(query, ...args).toArray() }),
        }),
      } as unknown as OrdersDb;
      (issueInvoice(db, "?", [5], 2) as unknown as { run: () => unknown }).run();
      (issueCreditNote(db, 3, 2) as unknown as { run: () => unknown }).run();
      expect(sql.exec("SELECT kind, number, credits FROM invoices WHERE order_id IN (3, 5) ORDER BY id").toArray()).toEqual([
        { kind: "invoice", number: 3, credits: null },
        { kind: "invoice", number: 6, credits: null },
        { kind: "credit", number: 5, credits: 3 },
      ]);
      // A second number 6 of the same series cannot be written.
      expect(() => doc(6, "invoice", 1, null)).toThrow();
    });
  });
});
