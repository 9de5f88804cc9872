// Reporting Phase-2 documents to ZATCA (docs/decisions/0073), against the stand-in of its API: a paid
// order's simplified invoice is reported through the ZATCA queue without the diner waiting; after a 500
// and after a timeout (the transport wrapped) it is retried with backoff until accepted; a rejected
// document shows with ZATCA's message in the console's list and as a notice on its home; the XML
// downloads for the restaurant's owner only, and the month's CSV carries each document's state; a diner's
// standard (B2B) invoice is cleared before it is shown, and one ZATCA does not clear leaves the simplified one.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { reportDocuments } from "../../worker/einvoices/report";
import { zatcaApi, type ZatcaTransport } from "../../worker/providers/zatca-api";
import { STAND_IN_BASE, standIn } from "../../worker/providers/zatca-stand-in";
import { saveDocumentHash } from "../../worker/providers/zatca-stand-in/state";
import { retryDelayMs } from "../../worker/restaurant/zatca-reports";
import { restaurantObject } from "../../worker/restaurant/stub";
import { catalogueRow, catalogueRows, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, json } from "./helpers";
import { activeStandInEgs } from "./zatca-branch";

const call = apiCaller(139);
const DOMAIN = "dammam-coffee";
const TRN = "310122393500003";
let restaurant: number;
let branch: number;
let dish: number;
let owner: string;
let standInEgs: { vatNumber: string; serial: string };
let seq = 0;
const saudiPhone = () => `057${String(Date.now()).slice(-4)}${String(++seq).padStart(3, "0")}`;

interface Doc {
  id: number;
  icv: number;
  state: string;
  attempts: number;
  next_at: number | null;
  messages: string | null;
}
const docOf = (orderId: number) =>
  catalogueRow<Doc>(
    restaurant,
    "SELECT d.id, d.icv, d.state, d.attempts, d.next_at, d.messages FROM zatca_documents d JOIN invoices n ON n.id = d.invoice_id WHERE n.order_id = ? AND n.kind = 'invoice'",
    orderId,
  );

/** A card order paid on the demo page: its id (its diner's token in `tokens`). */
const tokens = new Map<number, string>();
async function paidOrder(): Promise<number> {
  const started = await call("/orderPayment", {
    domain: DOMAIN,
    branch_id: branch,
    items: JSON.stringify([{ product_id: dish, amount: 1 }]),
    table_id: 2,
    nameCustomer: "Fahad",
    phoneCustomer: saudiPhone(),
    success_url: `http://localhost/${DOMAIN}/${branch}/orders`,
    cancel_url: `http://localhost/${DOMAIN}/${branch}/cart`,
  });
  expect(started.status).toBe(200);
  const { url, order_id } = (await json(started)).data;
  expect((await exports.default.fetch(url, { method: "POST", body: new URLSearchParams({ decision: "pay" }), redirect: "manual" })).status).toBe(303);
  const session = new URL(url).pathname.split("/").at(-1)!;
  tokens.set(order_id, (await json(await call("/paymentToken", { domain: DOMAIN, session }))).data.token as string);
  return order_id as number;
}

const api = (path: string, token: string, body?: unknown) =>
  exports.default.fetch(`http://localhost/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
const COMPANY = {
  company: "Gulf Trading Co.",
  vat_number: "300000000000003",
  street: "Prince Sultan St",
  building: "2322",
  district: "Al Rawdah",
  city: "Jeddah",
  postal_code: "23435",
};

/** One message of the ZATCA queue for the branch, handled by the consumer over `transport` (a "sandbox" deploy). */
async function consume(transport: ZatcaTransport): Promise<void> {
  let acked = false;
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts: 1,
    body: { object: restaurantObject(env, { id: restaurant }).id.toString(), branch },
    ack: () => (acked = true),
    retry: () => {},
  };
  await reportDocuments({ queue: "menu-zatca", messages: [message], ackAll() {}, retryAll() {} } as unknown as MessageBatch<unknown>, env, {
    environment: "sandbox",
    api: zatcaApi(STAND_IN_BASE, transport),
  });
  expect(acked).toBe(true);
}
const toStandIn: ZatcaTransport = async (request) => standIn.fetch(request, env);
/** The document due now (a test does not wait for its backoff). */
const dueNow = (id: number) => catalogueRun(restaurant, "UPDATE zatca_documents SET next_at = 0 WHERE id = ?", id);

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: DOMAIN,
    name_en: "Dammam Coffee",
    name_ar: "قهوة الدمام",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+966550000139", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  restaurant = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(restaurant).run();
  owner = (await seedMember(restaurant, "owner")).cookie;
  branch = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM branches LIMIT 1"))!.id;
  await catalogueRun(restaurant, "UPDATE branches SET payment_mode = 'both', time_zone = 'Asia/Riyadh' WHERE id = ?", branch);
  const seller = { legal_name_en: "Dammam Coffee Co.", legal_name_ar: "شركة قهوة الدمام", trn: TRN, address: "King Saud St, Dammam" };
  expect((await consolePost("/console/tax", owner, { ...seller, vat_rate: "", service_rate: "", tips: "" })).status).toBe(200);
  const menu = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM menus LIMIT 1"))!.id;
  const category = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Coffee', 'قهوة') RETURNING id",
    menu,
  ))!.id;
  dish = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Saudi coffee', 'قهوة سعودية', 1725) RETURNING id",
    category,
  ))!.id;
  standInEgs = (await activeStandInEgs(restaurant, branch, TRN)).egs;
});

describe("reporting Phase-2 documents to ZATCA", { timeout: 120_000 }, () => {
  it("reports a paid order's simplified invoice through the queue, after the diner's payment answered", async () => {
    const order = await paidOrder();
    expect((await docOf(order))!.state).toMatch(/^(pending|reported)$/);
    await expect.poll(async () => (await docOf(order))!.state, { timeout: 20_000 }).toBe("reported");
    expect(JSON.parse((await docOf(order))!.messages!)).toEqual([]);
  });

  it("retries after a 500 and after a timeout, with backoff, until ZATCA accepts it", async () => {
    // The deploy's queue reports to the stand-in; this branch is now a "sandbox" one: the queue's attempt fails and waits.
    await catalogueRun(restaurant, "UPDATE zatca_egs SET environment = 'sandbox' WHERE branch_id = ?", branch);
    const order = await paidOrder();
    await expect.poll(async () => (await docOf(order))!.attempts, { timeout: 20_000 }).toBe(1);
    const first = (await docOf(order))!;
    expect(first.state).toBe("pending");
    expect(JSON.parse(first.messages!)).toEqual([expect.objectContaining({ code: "environment" })]);

    // ZATCA answers 500: kept pending, its message recorded, the next attempt later.
    await dueNow(first.id);
    let before = Date.now();
    await consume(async () =>
      Response.json({ code: "500", category: "HTTP-Errors", message: "Something went wrong and caused an Internal Server Error." }, { status: 500 }),
    );
    const after500 = (await docOf(order))!;
    expect(after500).toMatchObject({ state: "pending", attempts: 2 });
    expect(JSON.parse(after500.messages!)).toEqual([expect.objectContaining({ code: "500" })]);
    expect(after500.next_at! - before).toBeGreaterThanOrEqual(retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    // Not due yet: a message now reports nothing.
    await consume(async () => {
      throw new Error("not due: nothing is sent");
    });
    expect((await docOf(order))!.attempts).toBe(2);

    // No answer in time: the same.
    await dueNow(first.id);
    before = Date.now();
    await consume(async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    const afterTimeout = (await docOf(order))!;
    expect(afterTimeout).toMatchObject({ state: "pending", attempts: 3 });
    expect(afterTimeout.next_at! - before).toBeGreaterThanOrEqual(retryDelayMs(3));

    // ZATCA answers: reported.
    await dueNow(first.id);
    await consume(toStandIn);
    expect(await docOf(order)).toMatchObject({ state: "reported", attempts: 4, next_at: null });
    await catalogueRun(restaurant, "UPDATE zatca_egs SET environment = 'stand-in' WHERE branch_id = ?", branch);
  });

  it("shows a rejected document with ZATCA's message in the list, the CSV and a notice on the home", async () => {
    // The seller's VAT number is no longer the one the EGS's certificate was issued for.
    await catalogueRun(restaurant, "UPDATE seller SET trn = '399999999900003'");
    const order = await paidOrder();
    await expect.poll(async () => (await docOf(order))!.state, { timeout: 20_000 }).toBe("rejected");
    await catalogueRun(restaurant, "UPDATE seller SET trn = ?", TRN);
    const doc = (await docOf(order))!;
    expect(JSON.parse(doc.messages!)).toContainEqual(expect.objectContaining({ code: "certificate-permission" }));

    const page = await (await exports.default.fetch("http://localhost/console/tax", { headers: { cookie: owner } })).text();
    expect(page).toContain('data-state="rejected"');
    expect(page).toContain("The seller&#x27;s VAT number is not the one the EGS&#x27;s certificate was issued for");
    expect(page).toContain('data-state="reported"');
    const home = await (await exports.default.fetch("http://localhost/console", { headers: { cookie: owner } })).text();
    expect(home).toContain('data-testid="zatca-notice-rejected"');
    expect(home).toContain("ZATCA rejected 1 of your e-invoices");
    // Registered without its CRN and national address (this seller never gave them): the owner is told too.
    expect(home).toContain('data-testid="zatca-notice-noAddress"');

    const csv = (await (await exports.default.fetch("http://localhost/console/tax/invoices.csv", { headers: { cookie: owner } })).text()).split("\r\n");
    expect(csv[0]).toMatch(/,paid,zatca$/);
    expect(csv.filter((l) => l.endsWith(",rejected"))).toHaveLength(1);
    expect(csv.filter((l) => l.endsWith(",reported")).length).toBeGreaterThanOrEqual(2);
  });

  it("downloads a document's XML for the restaurant's owner only", async () => {
    const order = await paidOrder();
    const { id } = (await docOf(order))!;
    const xml = await exports.default.fetch(`http://localhost/console/tax/zatca/${id}`, { headers: { cookie: owner } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toContain("application/xml");
    expect(xml.headers.get("content-disposition")).toMatch(/attachment; filename="invoice-\d+-dammam-coffee\.xml"/);
    expect(await xml.text()).toContain("<ds:SignatureValue>");
    // Another restaurant's owner finds nothing under that id (their own object has no such document), a manager may not ask.
    const other = (await seedMember(1, "owner")).cookie;
    expect((await exports.default.fetch(`http://localhost/console/tax/zatca/${id}`, { headers: { cookie: other } })).status).toBe(404);
    const manager = (await seedMember(restaurant, "manager")).cookie;
    expect((await exports.default.fetch(`http://localhost/console/tax/zatca/${id}`, { headers: { cookie: manager } })).status).toBe(403);
    expect((await exports.default.fetch(`http://localhost/console/tax/zatca/abc`, { headers: { cookie: owner } })).status).toBe(404);
  });

  it("clears a diner's standard (B2B) invoice before showing it, then voids the simplified one with a reported credit note", async () => {
    const order = await paidOrder();
    await expect.poll(async () => (await docOf(order))!.state, { timeout: 20_000 }).toBe("reported");
    const token = tokens.get(order)!;
    // Bad bodies: the field named, nothing issued.
    const bad = await api(`/order/invoice/${order}/standard`, token, { ...COMPANY, vat_number: "123", building: "12" });
    expect(bad.status).toBe(422);
    expect(Object.keys((await json(bad)).errors).sort()).toEqual(["building", "vat_number"]);
    expect((await api(`/order/invoice/${order}/standard`, token, "{not json")).status).toBe(422);
    expect((await api(`/order/invoice/${order}/standard`, token, { company: "" })).status).toBe(422);
    // Another diner's token finds no such invoice.
    const other = await paidOrder();
    expect((await api(`/order/invoice/${order}/standard`, tokens.get(other)!, COMPANY)).status).toBe(404);

    const asked = await api(`/order/invoice/${order}/standard`, token, COMPANY);
    expect(asked.status).toBe(200);
    expect((await json(asked)).data).toEqual({ cleared: true, messages: [] });
    const rows = await catalogueRows<{ purpose: string; kind: string; state: string; xml: string; icv: number }>(
      restaurant,
      "SELECT d.purpose, d.kind, d.state, d.xml, d.icv FROM zatca_documents d JOIN invoices n ON n.id = d.invoice_id WHERE n.order_id = ? ORDER BY d.icv",
      order,
    );
    expect(rows.map((r) => [r.purpose, r.kind])).toEqual([
      ["issue", "simplified"],
      ["b2b", "standard"],
      ["void", "simplified"],
    ]);
    expect(rows[1]!.state).toBe("cleared");
    expect(rows[1]!.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(rows[1]!.xml).toContain("<cbc:CompanyID>300000000000003</cbc:CompanyID>");
    expect(rows[2]!.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(rows[2]!.icv).toBe(rows[1]!.icv + 1);
    await expect
      .poll(async () => (await catalogueRow<{ state: string }>(restaurant, "SELECT state FROM zatca_documents WHERE purpose = 'void'"))!.state, {
        timeout: 20_000,
      })
      .toBe("reported");
    // The diner's invoice is now the standard one, for the company.
    const invoice = (await json(await api(`/order/invoice/${order}`, token))).data;
    expect(invoice.zatca).toMatchObject({ kind: "standard", buyer: { name: "Gulf Trading Co.", vatNumber: "300000000000003" } });
    // Asked again: refused, nothing more issued.
    expect((await api(`/order/invoice/${order}/standard`, token, COMPANY)).status).toBe(409);
    // Cancelled afterwards: its credit note is standard, for the company, refers to the B2B invoice and is cleared by the queue.
    expect((await consolePost(`/console/orders?branch=${branch}`, owner, { intent: "move", order_id: String(order), status: "3" })).status).toBe(200);
    const { number } = (await catalogueRow<{ number: number }>(restaurant, "SELECT number FROM invoices WHERE order_id = ? AND kind = 'invoice'", order))!;
    const credit = async () =>
      (await catalogueRow<{ kind: string; state: string; xml: string }>(
        restaurant,
        "SELECT d.kind, d.state, d.xml FROM zatca_documents d JOIN invoices n ON n.id = d.invoice_id WHERE n.order_id = ? AND n.kind = 'credit'",
        order,
      ))!;
    expect((await credit()).kind).toBe("standard");
    expect((await credit()).xml).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${number}-B</cbc:ID>`));
    await expect.poll(async () => (await credit()).state, { timeout: 20_000 }).toBe("cleared");
  });

  it("keeps the simplified invoice when ZATCA does not clear the standard one, and tells the owner", async () => {
    const order = await paidOrder();
    await expect.poll(async () => (await docOf(order))!.state, { timeout: 20_000 }).toBe("reported");
    // ZATCA already holds another document under the next counter: it refuses the clearance.
    const { icv } = (await catalogueRow<{ icv: number }>(restaurant, "SELECT icv FROM zatca_egs WHERE branch_id = ?", branch))!;
    await saveDocumentHash(env.HOSTS, standInEgs, icv + 1, "b3RoZXI=");
    const asked = await api(`/order/invoice/${order}/standard`, tokens.get(order)!, COMPANY);
    expect(asked.status).toBe(200);
    const answer = (await json(asked)).data;
    expect(answer.cleared).toBe(false);
    expect(answer.messages).toContainEqual(expect.objectContaining({ code: "BR-KSA-33" }));
    expect(await catalogueRow(restaurant, "SELECT state FROM zatca_documents WHERE purpose = 'b2b' AND icv = ?", icv + 1)).toEqual({
      state: "clearance_failed",
    });
    const invoice = (await json(await api(`/order/invoice/${order}`, tokens.get(order)!))).data;
    expect(invoice.zatca).toMatchObject({ kind: "simplified", buyer: null });
    expect(
      await catalogueRows(
        restaurant,
        "SELECT purpose FROM zatca_documents d JOIN invoices n ON n.id = d.invoice_id WHERE n.order_id = ? AND d.purpose = 'void'",
        order,
      ),
    ).toEqual([]);
    const home = await (await exports.default.fetch("http://localhost/console", { headers: { cookie: owner } })).text();
    expect(home).toContain('data-testid="zatca-notice-notCleared"');
  });
});
