// Phase-2 documents of an onboarded Saudi branch (docs/decisions/0073): 50 card payments at once get
// counters 1..50 with no gap, each document pointing at the previous one's hash and passing ZATCA's checks
// (worker/zatca/verify.ts); a cancelled paid order's credit note refers to its invoice; the diner's invoice
// carries the phase-2 QR; a branch not onboarded keeps phase-1 documents.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { FIRST_PIH } from "../../worker/zatca/document";
import { readPhase2Qr } from "../../worker/zatca/qr";
import { verifyDocument } from "../../worker/zatca/verify";
import { catalogueRow, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, json } from "./helpers";
import { ordersOf } from "./restaurant-rows";
import { activeSampleEgs, SAMPLE_CERTIFICATE } from "./zatca-branch";

const call = apiCaller(137);
const DOMAIN = "jeddah-dates";
let restaurant: number;
let branch: number;
let dish: number;
let owner: string;
let seq = 0;
const saudiPhone = () => `056${String(Date.now()).slice(-4)}${String(++seq).padStart(3, "0")}`;

interface Phase2Row {
  id: number;
  invoice_id: number;
  icv: number;
  pih: string;
  hash: string;
  xml: string;
  qr: string;
  state: string;
}
const documents = async (branchId: number) =>
  (
    await ordersOf(restaurant)
      .prepare("SELECT id, invoice_id, icv, pih, hash, xml, qr, state FROM zatca_documents WHERE branch_id = ? ORDER BY icv")
      .bind(branchId)
      .all<Phase2Row>()
  ).results;

/** A card order started at `branchId` (not paid yet): its id and its demo payment page. */
async function startCardOrder(branchId: number): Promise<{ id: number; url: string }> {
  const started = await call("/orderPayment", {
    domain: DOMAIN,
    branch_id: branchId,
    items: JSON.stringify([{ product_id: dish, amount: 2 }]),
    table_id: 3,
    nameCustomer: "Noura",
    phoneCustomer: saudiPhone(),
    success_url: `http://localhost/${DOMAIN}/${branchId}/orders?paid={CHECKOUT_SESSION_ID}`,
    cancel_url: `http://localhost/${DOMAIN}/${branchId}/cart`,
    tip: "2",
  });
  expect(started.status).toBe(200);
  const { url, order_id } = (await json(started)).data;
  return { id: order_id as number, url };
}
const pay = (url: string) => exports.default.fetch(url, { method: "POST", body: new URLSearchParams({ decision: "pay" }), redirect: "manual" });

async function dishAt(branchId: number): Promise<number> {
  const menu = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM menus WHERE branch_id = ? LIMIT 1", branchId))!.id;
  const category = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Dates', 'تمور') RETURNING id",
    menu,
  ))!.id;
  // 11.50 SAR with 15 % VAT included.
  return (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Ajwa box', 'علبة عجوة', 1150) RETURNING id",
    category,
  ))!.id;
}

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: DOMAIN,
    name_en: "Jeddah Dates",
    name_ar: "تمور جدة",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+966550000137", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  restaurant = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(restaurant).run();
  owner = (await seedMember(restaurant, "owner")).cookie;
  branch = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM branches LIMIT 1"))!.id;
  await catalogueRun(restaurant, "UPDATE branches SET payment_mode = 'both', time_zone = 'Asia/Riyadh' WHERE id = ?", branch);
  const seller = { legal_name_en: "Jeddah Dates Co.", legal_name_ar: "شركة تمور جدة", trn: "310122393500003", address: "Tahlia St, Jeddah" };
  const national = { crn: "4030000000", street: "Tahlia St", building: "7011", district: "Al Andalus", city: "Jeddah", postal_code: "23326" };
  // A Saudi seller's national address, refused beside the field when its parts are not ZATCA's shape.
  const wrong = await consolePost("/console/tax", owner, {
    ...seller,
    ...national,
    building: "70",
    postal_code: "2332",
    vat_rate: "",
    service_rate: "10",
    tips: "10",
  });
  expect(wrong.status).toBe(422);
  const page = await wrong.text();
  expect(page).toContain("A building number has 4 digits.");
  expect(page).toContain("A postal code has 5 digits.");
  expect((await consolePost("/console/tax", owner, { ...seller, ...national, vat_rate: "", service_rate: "10", tips: "10" })).status).toBe(200);
  dish = await dishAt(branch);
});

/** The diner's token for a paid card order (its payment session), and the invoice the API gives it. */
async function dinerInvoice(order: { id: number; url: string }, kind = "invoice") {
  const session = new URL(order.url).pathname.split("/").at(-1)!;
  const token = (await json(await call("/paymentToken", { domain: DOMAIN, session }))).data.token as string;
  const res = await exports.default.fetch(`http://localhost/api/order/invoice/${order.id}?kind=${kind}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await json(res)).data;
}

describe("Phase-2 documents of an onboarded branch", { timeout: 120_000 }, () => {
  it("keeps phase-1 documents while the branch is not onboarded", async () => {
    const order = await startCardOrder(branch);
    expect((await pay(order.url)).status).toBe(303);
    expect(await documents(branch)).toEqual([]);
    const invoice = await dinerInvoice(order);
    expect(invoice.zatca).toBeNull();
    expect(() => readPhase2Qr(invoice.zatca_qr).hash).not.toThrow();
    expect(readPhase2Qr(invoice.zatca_qr).hash).toBe("");
    await activeSampleEgs(restaurant, branch);
  });

  it("gives 50 card payments made at once the counters 1..50, each pointing at the previous document's hash", async () => {
    const orders = await Promise.all(Array.from({ length: 50 }, () => startCardOrder(branch)));
    const paid = await Promise.all(orders.map((o) => pay(o.url)));
    expect(paid.every((r) => r.status === 303)).toBe(true);
    const docs = await documents(branch);
    expect(docs.map((d) => d.icv)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    let previous = FIRST_PIH;
    for (const d of docs) {
      expect(d.pih).toBe(previous);
      expect(d.state).toBe("pending");
      expect(verifyDocument(d.xml, { hash: d.hash, icv: d.icv, pih: previous, certificate: SAMPLE_CERTIFICATE })).toEqual([]);
      previous = d.hash;
    }
    // The EGS's counter and last hash are the chain's end.
    expect(await catalogueRow(restaurant, "SELECT icv, pih FROM zatca_egs WHERE branch_id = ?", branch)).toEqual({ icv: 50, pih: previous });
    // Each order's invoice has exactly one document: 2 × 11.50 + 10 % service = 25.30 payable, the 2.00 tip left out.
    const first = docs[0]!;
    expect(first.xml).toContain('<cbc:PayableAmount currencyID="SAR">25.30</cbc:PayableAmount>');
    expect(first.xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    // The seller as ZATCA names it: its CRN and national address.
    expect(first.xml).toContain('<cbc:ID schemeID="CRN">4030000000</cbc:ID>');
    for (const part of [
      "<cbc:StreetName>Tahlia St</cbc:StreetName>",
      "<cbc:BuildingNumber>7011</cbc:BuildingNumber>",
      "<cbc:PostalZone>23326</cbc:PostalZone>",
    ])
      expect(first.xml).toContain(part);
    expect(readPhase2Qr(first.qr)).toMatchObject({ seller: "شركة تمور جدة", vatNumber: "310122393500003", total: "25.30", vat: "3.30", hash: first.hash });
    // The diner's invoice carries the signed QR (tags 1–9) and the document's UUID.
    const invoice = await dinerInvoice(orders[0]!);
    const byInvoice = docs.find((d) => d.qr === invoice.zatca_qr)!;
    expect(byInvoice).toBeDefined();
    expect(invoice.zatca).toMatchObject({ kind: "simplified", counter: byInvoice.icv, buyer: null });
    expect(readPhase2Qr(invoice.zatca_qr).certificateSignature).toBeInstanceOf(Uint8Array);
  });

  it("issues a cancelled paid order's credit note as a Phase-2 document (381) referring to its invoice, next in the chain", async () => {
    const order = await startCardOrder(branch);
    expect((await pay(order.url)).status).toBe(303);
    const invoiceNumber = (await catalogueRow<{ number: number }>(restaurant, "SELECT number FROM invoices WHERE order_id = ? AND kind = 'invoice'", order.id))!
      .number;
    expect((await consolePost(`/console/orders?branch=${branch}`, owner, { intent: "move", order_id: String(order.id), status: "3" })).status).toBe(200);
    const [invoiceDoc, creditDoc] = (await documents(branch)).slice(-2);
    expect(creditDoc!.icv).toBe(invoiceDoc!.icv + 1);
    expect(creditDoc!.pih).toBe(invoiceDoc!.hash);
    expect(creditDoc!.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(creditDoc!.xml).toMatch(new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoiceNumber}</cbc:ID>`));
    expect(creditDoc!.xml).toContain("<cbc:InstructionNote>Order cancelled / إلغاء الطلب</cbc:InstructionNote>");
    expect(verifyDocument(creditDoc!.xml, { icv: creditDoc!.icv, pih: invoiceDoc!.hash })).toEqual([]);
    const credit = await dinerInvoice(order, "credit");
    expect(credit.zatca_qr).toBe(creditDoc!.qr);
  });
});
