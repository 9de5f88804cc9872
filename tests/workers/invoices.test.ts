// Selling in the Gulf through the worker (docs/decisions/0053): a Saudi
// restaurant priced in SAR with 15 % VAT included, its seller details set by the owner, a card order
// with a tip, its tax invoice (ZATCA's QR decoded back: the taxable total, the tip apart), "paid at the
// counter" on the board taking the next number once however many taps, a cancelled paid order's credit
// note in its own series, both series gap-free under concurrency (docs/decisions/0060), and the month's
// CSV holding the documents' amounts.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { catalogueRow, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, dinerToken, json } from "./helpers";
import { ordersOf } from "./restaurant-rows";

const call = apiCaller(73);
const DOMAIN = "riyadh-tea";
let restaurant: number;
let branch: number;
let dish: number;
let owner: string;
let seq = 0;
/** A Saudi mobile no other call of this file has used. */
const saudiPhone = () => `055${String(Date.now()).slice(-4)}${String(++seq).padStart(3, "0")}`;

/** TLV triples of ZATCA's base64 (one byte tag, one byte length, UTF-8 value). */
function readTlv(base64: string): Record<number, string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const out: Record<number, string> = {};
  for (let i = 0; i < bytes.length;) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    out[tag] = new TextDecoder().decode(bytes.slice(i + 2, i + 2 + length));
    i += 2 + length;
  }
  return out;
}

const lastNumber = async (kind: "invoice" | "credit") =>
  (await ordersOf(restaurant).prepare("SELECT coalesce(max(number), 0) AS n FROM invoices WHERE kind = ?").bind(kind).first<{ n: number }>())!.n;
const board = (fields: Record<string, string>) => consolePost(`/console/orders?branch=${branch}`, owner, fields);
const invoicesOf = (orderId: number) =>
  ordersOf(restaurant)
    .prepare("SELECT number, kind, credits, total_minor, vat_minor, tip_minor, currency FROM invoices WHERE order_id = ? ORDER BY kind = 'credit'")
    .bind(orderId)
    .all<{ number: number; kind: string; credits: number | null; total_minor: number; vat_minor: number; tip_minor: number; currency: string }>()
    .then((r) => r.results);

/** An order by SMS code: its id. */
async function counterOrder(amount = 1): Promise<number> {
  const token = await dinerToken(call, saudiPhone(), branch, DOMAIN);
  const res = await call(
    "/storeOrder",
    { domain: DOMAIN, branch_id: branch, items: JSON.stringify([{ product_id: dish, amount }]), note: "" },
    { authorization: `Bearer ${token}` },
  );
  expect(res.status).toBe(200);
  return (await json(res)).data.order_id as number;
}

/** A card order paid on the demo page, with `tip` (major units): its id and the diner's token for it. */
async function cardOrder(tip: number | string): Promise<{ id: number; token: string }> {
  const started = await call("/orderPayment", {
    domain: DOMAIN,
    branch_id: branch,
    items: JSON.stringify([{ product_id: dish, amount: 2 }]),
    table_id: 3,
    nameCustomer: "Noura",
    phoneCustomer: saudiPhone(),
    success_url: `http://localhost/${DOMAIN}/${branch}/orders?paid={CHECKOUT_SESSION_ID}`,
    cancel_url: `http://localhost/${DOMAIN}/${branch}/cart`,
    tip,
  });
  expect(started.status).toBe(200);
  const { url, order_id } = (await json(started)).data;
  const session = new URL(url).pathname.split("/").at(-1)!;
  const paid = await exports.default.fetch(url, { method: "POST", body: new URLSearchParams({ decision: "pay" }), redirect: "manual" });
  expect(paid.status).toBe(303);
  const token = (await json(await call("/paymentToken", { domain: DOMAIN, session }))).data.token as string;
  return { id: order_id as number, token };
}

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: DOMAIN,
    name_en: "Riyadh Tea",
    name_ar: "شاي الرياض",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+966550000111", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  restaurant = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(restaurant).run();
  owner = (await seedMember(restaurant, "owner")).cookie;
  branch = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM branches LIMIT 1"))!.id;
  await catalogueRun(restaurant, "UPDATE branches SET payment_mode = 'both', time_zone = 'Asia/Riyadh', address_en = 'Olaya St, Riyadh' WHERE id = ?", branch);
  const menu = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM menus LIMIT 1"))!.id;
  const category = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Tea', 'شاي') RETURNING id",
    menu,
  ))!.id;
  // 11.50 SAR with 15 % VAT included: 1.50 of it is VAT.
  dish = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Karak', 'كرك', 1150) RETURNING id",
    category,
  ))!.id;
});

describe("selling in Saudi Arabia", { timeout: 60_000 }, () => {
  it("takes the seller's details from the owner, refusing a wrong VAT number or tips beside the field", async () => {
    const fields = {
      legal_name_en: "Riyadh Tea Co.",
      legal_name_ar: "شركة شاي الرياض",
      trn: "310122393500003",
      address: "",
      vat_rate: "",
      service_rate: "",
      tips: "10, 15",
    };
    const wrong = await consolePost("/console/tax", owner, { ...fields, trn: "100000000000003", tips: "60" });
    expect(wrong.status).toBe(422);
    const page = await wrong.text();
    expect(page).toContain("This is not a tax registration number of your country.");
    expect(page).toContain("Up to four whole percentages from 1 to 50");
    expect(page).toContain('value="60"');
    expect((await consolePost("/console/tax", owner, fields)).status).toBe(200);
    expect(await catalogueRow(restaurant, "SELECT trn, vat_bp, tips FROM seller")).toEqual({ trn: "310122393500003", vat_bp: null, tips: "[1000,1500]" });
    // A manager does not set the seller.
    const manager = (await seedMember(restaurant, "manager")).cookie;
    expect((await consolePost("/console/tax", manager, fields)).status).toBe(403);
  });

  it("charges a card order with its tip, and its invoice shows the VAT and decodes to ZATCA's values", async () => {
    const { id, token } = await cardOrder("2.5");
    const order = await ordersOf(restaurant).prepare("SELECT total_minor, vat_minor, tip_minor, vat_bp, currency FROM orders WHERE id = ?").bind(id).first();
    // 2 × 11.50 = 23.00 with 3.00 VAT, and a 2.50 tip outside VAT: 25.50 charged.
    expect(order).toEqual({ total_minor: 2550, vat_minor: 300, tip_minor: 250, vat_bp: 1500, currency: "SAR" });
    const [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ kind: "invoice", total_minor: 2550, vat_minor: 300, tip_minor: 250, currency: "SAR" });
    const res = await exports.default.fetch(`http://localhost/api/order/invoice/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const doc = (await json(res)).data;
    expect(doc).toMatchObject({
      number: invoice!.number,
      total: 25.5,
      taxable: 23,
      vat: 3,
      tip: 2.5,
      vat_rate: 15,
      seller: { trn: "310122393500003", name_ar: "شركة شاي الرياض" },
    });
    expect(doc.lines).toEqual([{ name_en: "Karak", name_ar: "كرك", amount: 2, unit: 11.5, total: 23, options: [] }]);
    // The QR's total and VAT are the taxable total's (23.00 with 3.00 VAT), not the 25.50 paid with the tip.
    const tlv = readTlv(doc.zatca_qr);
    expect(tlv).toEqual({ 1: "شركة شاي الرياض", 2: "310122393500003", 3: doc.issued_at, 4: "23.00", 5: "3.00" });
    expect(doc.issued_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Another token, or none, reads nothing.
    expect((await exports.default.fetch(`http://localhost/api/order/invoice/${id}`)).status).toBe(401);
    const other = await cardOrder(0);
    expect((await exports.default.fetch(`http://localhost/api/order/invoice/${id}`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
  });

  it("refuses a tip the restaurant does not take, one with too many decimals, or one larger than the order (422)", async () => {
    const tipOf = async (tip: string) =>
      call("/orderPayment", {
        domain: DOMAIN,
        branch_id: branch,
        items: JSON.stringify([{ product_id: dish, amount: 1 }]),
        table_id: 1,
        nameCustomer: "Noura",
        phoneCustomer: saudiPhone(),
        success_url: `http://localhost/${DOMAIN}/${branch}/orders`,
        cancel_url: `http://localhost/${DOMAIN}/${branch}/cart`,
        tip,
      });
    expect((await json(await tipOf("1.005"))).errors).toEqual({ tip: ["decimals"] });
    expect((await json(await tipOf("12"))).errors).toEqual({ tip: ["too_large"] });
    expect((await tipOf("-1")).status).toBe(422);
    // Saffron takes no tips (no seller row): refused.
    const saffron = await call("/orderPayment", {
      domain: "saffron",
      branch_id: 1,
      items: JSON.stringify([
        {
          product_id: (await catalogueRow<{ id: number }>(
            1,
            "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
          ))!.id,
          amount: 1,
        },
      ]),
      table_id: 1,
      nameCustomer: "Sara",
      phoneCustomer: "0501234567",
      success_url: "http://localhost/saffron/1/orders",
      cancel_url: "http://localhost/saffron/1/cart",
      tip: 1,
    });
    expect(saffron.status).toBe(422);
    expect((await json(saffron)).errors).toEqual({ tip: ["tips_off"] });
  });

  it("marks an order paid at the counter once for 50 taps, giving it the next number, and a cancel issues one credit note", async () => {
    const id = await counterOrder(3);
    expect(await invoicesOf(id)).toEqual([]);
    const top = await lastNumber("invoice");
    const lastCredit = await lastNumber("credit");
    const taps = await Promise.all(Array.from({ length: 50 }, () => board({ intent: "counter", order_id: String(id) })));
    expect(taps.filter((r) => r.status === 200)).toHaveLength(1);
    expect(taps.filter((r) => r.status === 409)).toHaveLength(49);
    const [invoice] = await invoicesOf(id);
    // 3 × 11.50 = 34.50, 4.50 of it VAT.
    expect(invoice).toEqual({ number: top + 1, kind: "invoice", credits: null, total_minor: 3450, vat_minor: 450, tip_minor: 0, currency: "SAR" });
    const cancels = await Promise.all(Array.from({ length: 20 }, () => board({ intent: "move", order_id: String(id), status: "3" })));
    expect(cancels.every((r) => r.status === 200)).toBe(true);
    // The credit note takes the next number of its own series, not the invoices'.
    expect(await invoicesOf(id)).toEqual([invoice, { ...invoice, number: lastCredit + 1, kind: "credit", credits: top + 1 }]);
    expect(await lastNumber("invoice")).toBe(top + 1);
    // A cancelled order is not paid at the counter afterwards; an unpaid cancelled one gets no credit note.
    const unpaid = await counterOrder();
    expect((await board({ intent: "move", order_id: String(unpaid), status: "3" })).status).toBe(200);
    expect((await board({ intent: "counter", order_id: String(unpaid) })).status).toBe(409);
    expect(await invoicesOf(unpaid)).toEqual([]);
  });

  it("numbers invoices and credit notes in two series without a gap or a repeat, under concurrent taps and cancels", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => counterOrder()));
    const before = { invoice: await lastNumber("invoice"), credit: await lastNumber("credit") };
    // 20 orders paid at the counter at once, then half of them cancelled while the others are tapped again.
    await Promise.all(ids.map((id) => board({ intent: "counter", order_id: String(id) })));
    await Promise.all(ids.map((id, i) => board(i % 2 ? { intent: "move", order_id: String(id), status: "3" } : { intent: "counter", order_id: String(id) })));
    const series = async (kind: string) =>
      (await ordersOf(restaurant).prepare("SELECT number FROM invoices WHERE kind = ? ORDER BY number").bind(kind).all<{ number: number }>()).results.map(
        (r) => r.number,
      );
    for (const [kind, added] of [
      ["invoice", 20],
      ["credit", 10],
    ] as const) {
      const numbers = await series(kind);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      expect(numbers.at(-1)).toBe(before[kind] + added);
    }
  });

  it("lists the month's documents on the console and adds them up in the CSV, credit notes subtracted", async () => {
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh", year: "numeric", month: "2-digit" }).format(Date.now());
    const page = await exports.default.fetch(`http://localhost/console/tax?month=${month}`, { headers: { cookie: owner } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Credit note for");
    const csv = await exports.default.fetch(`http://localhost/console/tax/invoices.csv?month=${month}`, { headers: { cookie: owner } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    const documents = lines.slice(1, lines.indexOf("")).map((l) => l.split(","));
    const totals = lines.slice(lines.indexOf("") + 2).map((l) => l.split(","));
    const stored = (
      await ordersOf(restaurant)
        .prepare("SELECT kind, number, issued_at, total_minor, vat_minor, tip_minor FROM invoices")
        .all<Record<string, number | string>>()
    ).results;
    const signed = (row: Record<string, number | string>, column: string) => (row.kind === "credit" ? -1 : 1) * (row[column] as number);
    const sum = (column: string) => stored.reduce((s, r) => s + signed(r, column), 0);
    const [paid, tips, vat] = [sum("total_minor"), sum("tip_minor"), sum("vat_minor")];
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(lines[0]).toBe("number,kind,credits,issued,order,currency,vat_rate,net,vat,total,service_charge,tip,paid,zatca");
    expect(documents).toHaveLength(stored.length);
    // The totals: net, VAT, the taxable total (the tips apart), the tips, the amount paid.
    expect(totals).toEqual([["rate", "SAR", "15", major(paid - tips - vat), major(vat), major(paid - tips), major(tips), major(paid)]]);
    // Each row holds its document's own amounts, its time on Riyadh's clock with the offset.
    for (const d of documents) {
      const doc = stored.find((r) => r.kind === d[1] && r.number === Number(d[0]))!;
      expect(d[3]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
      expect(Date.parse(d[3]!)).toBe(Math.floor((doc.issued_at as number) / 1000) * 1000);
      expect([d[8], d[9], d[11], d[12]]).toEqual(
        [signed(doc, "vat_minor"), signed(doc, "total_minor") - signed(doc, "tip_minor"), signed(doc, "tip_minor"), signed(doc, "total_minor")].map(major),
      );
    }
    // The documents' columns add up to the same totals.
    const column = (i: number) => Math.round(documents.reduce((s, d) => s + Number(d[i]) * 100, 0));
    expect([column(8), column(9), column(11), column(12)]).toEqual([vat, paid - tips, tips, paid]);
    expect((await exports.default.fetch(`http://localhost/console/tax/invoices.csv?month=2026-13`, { headers: { cookie: owner } })).status).toBe(400);
  });
});
