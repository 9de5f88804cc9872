// The month's export as one ZIP (GET /console/tax/invoices.zip, docs/decisions/0073): the CSV route's bytes and
// each signed Phase-2 document of the month (invoices, a B2B invoice ZATCA cleared and the credit note voiding
// the simplified one, a cancel's credit note) byte-equal to its single download under zatca/; a B2B invoice
// ZATCA did not clear left out; another Saudi restaurant's documents never in it; owners only; a bad month
// answered as the CSV route answers it.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { saveDocumentHash } from "../../worker/providers/zatca-stand-in/state";
import { crc32 } from "../../worker/rules/zip";
import { catalogueRow, catalogueRows, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, json } from "./helpers";
import { activeStandInEgs } from "./zatca-branch";

const call = apiCaller(141);
let seq = 0;
const saudiPhone = () => `058${String(Date.now()).slice(-4)}${String(++seq).padStart(3, "0")}`;
const COMPANY = {
  company: "Gulf Trading Co.",
  vat_number: "300000000000003",
  street: "Prince Sultan St",
  building: "2322",
  district: "Al Rawdah",
  city: "Jeddah",
  postal_code: "23435",
};

interface Shop {
  id: number;
  domain: string;
  branch: number;
  dish: number;
  owner: string;
  egs: { vatNumber: string; serial: string };
}

/** A Saudi restaurant registered for VAT, its branch onboarded to the stand-in, one dish. */
async function saudiShop(domain: string, phone: string, trn: string): Promise<Shop> {
  const made = await createRestaurant(env, {
    domain,
    name_en: "Khobar Grill",
    name_ar: "مشويات الخبر",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone, name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  const id = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(id).run();
  const owner = (await seedMember(id, "owner")).cookie;
  const branch = (await catalogueRow<{ id: number }>(id, "SELECT id FROM branches LIMIT 1"))!.id;
  await catalogueRun(id, "UPDATE branches SET payment_mode = 'both', time_zone = 'Asia/Riyadh' WHERE id = ?", branch);
  const seller = { legal_name_en: "Khobar Grill Co.", legal_name_ar: "شركة مشويات الخبر", trn, address: "Corniche Rd, Khobar" };
  expect((await consolePost("/console/tax", owner, { ...seller, vat_rate: "", service_rate: "", tips: "" })).status).toBe(200);
  const menu = (await catalogueRow<{ id: number }>(id, "SELECT id FROM menus LIMIT 1"))!.id;
  const category = (await catalogueRow<{ id: number }>(
    id,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Grill', 'مشويات') RETURNING id",
    menu,
  ))!.id;
  const dish = (await catalogueRow<{ id: number }>(
    id,
    "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Kebab', 'كباب', 3450) RETURNING id",
    category,
  ))!.id;
  return { id, domain, branch, dish, owner, egs: (await activeStandInEgs(id, branch, trn)).egs };
}

/** A card order paid on the demo page: its id and its diner's token. */
async function paidOrder(shop: Shop): Promise<{ order: number; token: string }> {
  const started = await call("/orderPayment", {
    domain: shop.domain,
    branch_id: shop.branch,
    items: JSON.stringify([{ product_id: shop.dish, amount: 2 }]),
    table_id: 1,
    nameCustomer: "Noura",
    phoneCustomer: saudiPhone(),
    success_url: `http://localhost/${shop.domain}/${shop.branch}/orders`,
    cancel_url: `http://localhost/${shop.domain}/${shop.branch}/cart`,
  });
  expect(started.status).toBe(200);
  const { url, order_id } = (await json(started)).data;
  expect((await exports.default.fetch(url, { method: "POST", body: new URLSearchParams({ decision: "pay" }), redirect: "manual" })).status).toBe(303);
  const session = new URL(url).pathname.split("/").at(-1)!;
  return { order: order_id as number, token: (await json(await call("/paymentToken", { domain: shop.domain, session }))).data.token as string };
}

const stateOf = async (shop: Shop, order: number, purpose: string) =>
  (
    await catalogueRow<{ state: string }>(
      shop.id,
      "SELECT d.state FROM zatca_documents d JOIN invoices n ON n.id = d.invoice_id WHERE n.order_id = ? AND n.kind = 'invoice' AND d.purpose = ?",
      order,
      purpose,
    )
  )?.state;
const askStandard = (order: number, token: string) =>
  exports.default.fetch(`http://localhost/api/order/invoice/${order}/standard`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(COMPANY),
  });
/** Waits (up to 20 s) for the queue to report the document (expect.poll runs only inside a test). */
async function reported(shop: Shop, order: number): Promise<void> {
  for (const start = Date.now(); Date.now() - start < 20_000; await new Promise((r) => setTimeout(r, 100))) {
    if ((await stateOf(shop, order, "issue")) === "reported") return;
  }
  throw new Error(`order ${order}'s invoice not reported`);
}
const get = (path: string, cookie: string) => exports.default.fetch(`http://localhost${path}`, { headers: { cookie } });

/** The archive's entries read from its central directory and local headers (stored entries; each CRC checked). */
function unzipped(zip: Uint8Array): Map<string, string> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const entries = new Map<string, string>();
  let at = view.getUint32(end + 16, true);
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const data = zip.subarray(local + 30 + nameLength, local + 30 + nameLength + size);
    expect(crc32(data)).toBe(view.getUint32(at + 16, true));
    entries.set(new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)), new TextDecoder().decode(data));
    at += 46 + nameLength;
  }
  return entries;
}

let shop: Shop;
let other: Shop;

beforeAll(async () => {
  shop = await saudiShop("khobar-grill", "+966550000141", "310122393500003");
  other = await saudiShop("jubail-grill", "+966550000142", "311111111100003");
  // Another restaurant's document of the same month.
  await paidOrder(other);
  // Two paid orders; the second's diner asks for a standard invoice ZATCA clears (and the simplified one is voided).
  await paidOrder(shop);
  const b2b = await paidOrder(shop);
  await reported(shop, b2b.order);
  expect((await json(await askStandard(b2b.order, b2b.token))).data.cleared).toBe(true);
  // A third, cancelled: its credit note.
  const cancelled = await paidOrder(shop);
  expect(
    (await consolePost(`/console/orders?branch=${shop.branch}`, shop.owner, { intent: "move", order_id: String(cancelled.order), status: "3" })).status,
  ).toBe(200);
  // A fourth whose standard invoice ZATCA refuses (it already holds a document under the next counter).
  const refused = await paidOrder(shop);
  await reported(shop, refused.order);
  const { icv } = (await catalogueRow<{ icv: number }>(shop.id, "SELECT icv FROM zatca_egs WHERE branch_id = ?", shop.branch))!;
  await saveDocumentHash(env.HOSTS, shop.egs, icv + 1, "b3RoZXI=");
  expect((await json(await askStandard(refused.order, refused.token))).data.cleared).toBe(false);
}, 180_000);

describe("the month's ZIP", { timeout: 120_000 }, () => {
  it("holds the CSV route's bytes and each Phase-2 document byte-equal to its single download, no other restaurant's", async () => {
    // No month asked: this month on the restaurant's calendar, for both downloads.
    const answer = await get("/console/tax/invoices.zip", shop.owner);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="invoices-khobar-grill-20\d\d-\d\d\.zip"$/);
    expect(answer.headers.get("cache-control")).toBe((await get("/console/tax/invoices.csv", shop.owner)).headers.get("cache-control"));
    const entries = unzipped(new Uint8Array(await answer.arrayBuffer()));

    const csv = await get("/console/tax/invoices.csv", shop.owner);
    const csvName = /filename="([^"]+)"/.exec(csv.headers.get("content-disposition")!)![1]!;
    expect([...entries.keys()][0]).toBe(csvName);
    expect(entries.get(csvName)).toBe(await csv.text());

    // Every signed document but the one ZATCA did not clear, as its single download names and gives it.
    const documents = await catalogueRows<{ id: number; state: string }>(shop.id, "SELECT id, state FROM zatca_documents WHERE xml IS NOT NULL ORDER BY id");
    expect(documents.filter((d) => d.state === "clearance_failed")).toHaveLength(1);
    const singles = new Map<string, string>();
    for (const d of documents.filter((d) => d.state !== "clearance_failed")) {
      const single = await get(`/console/tax/zatca/${d.id}`, shop.owner);
      expect(single.status).toBe(200);
      singles.set(`zatca/${/filename="([^"]+)"/.exec(single.headers.get("content-disposition")!)![1]}`, await single.text());
    }
    expect(new Map([...entries].slice(1))).toEqual(singles);
    expect([...singles.keys()].map((name) => name.replace(/\d+/g, "N")).sort()).toEqual([
      "zatca/credit-note-N-V-khobar-grill.xml",
      "zatca/credit-note-N-khobar-grill.xml",
      "zatca/invoice-N-khobar-grill.xml",
      "zatca/invoice-N-khobar-grill.xml",
      "zatca/invoice-N-khobar-grill.xml",
      "zatca/invoice-N-khobar-grill.xml",
      "zatca/invoice-N-standard-khobar-grill.xml",
    ]);
    for (const xml of entries.values()) expect(xml).not.toContain("311111111100003");
    expect([...entries.keys()].some((name) => name.includes("jubail"))).toBe(false);
    // The other restaurant's own ZIP holds only its one invoice.
    const theirs = unzipped(new Uint8Array(await (await get("/console/tax/invoices.zip", other.owner)).arrayBuffer()));
    expect([...theirs.keys()].filter((name) => name.startsWith("zatca/"))).toEqual(["zatca/invoice-1-jubail-grill.xml"]);
  });

  it("is the owners' only, and answers a bad month as the CSV route does", async () => {
    for (const role of ["manager", "staff"] as const) {
      const cookie = (await seedMember(shop.id, role, [shop.branch])).cookie;
      expect((await get("/console/tax/invoices.zip", cookie)).status).toBe(403);
    }
    for (const month of ["2026-13", "nope", "2019-12"]) {
      const zip = await get(`/console/tax/invoices.zip?month=${month}`, shop.owner);
      const csv = await get(`/console/tax/invoices.csv?month=${month}`, shop.owner);
      expect(zip.status).toBe(400);
      expect([zip.status, await zip.text()]).toEqual([csv.status, await csv.text()]);
    }
    // A month without documents: the CSV's header and nothing under zatca/.
    const empty = unzipped(new Uint8Array(await (await get("/console/tax/invoices.zip?month=2021-01", shop.owner)).arrayBuffer()));
    expect([...empty.keys()]).toEqual(["invoices-khobar-grill-2021-01.csv"]);
  });

  it("offers the ZIP beside the CSV on a Saudi restaurant's tax screen", async () => {
    const page = await (await get("/console/tax", shop.owner)).text();
    expect(page).toContain('data-testid="invoice-zip"');
    expect(page).toContain("Download the month (CSV and XML, ZIP)");
  });
});
