// The stand-in of ZATCA (worker/providers/zatca-stand-in) checks what docs/zatca-stand-in.md says it does,
// through the same client the site uses: an onboarded branch's simplified invoice is reported; a
// retry of it is accepted again; the next with a wrong PIH gets ZATCA's warning (202); a second document
// with a used counter, a tampered document, a wrong hash, a wrong total, another EGS's certificate and a
// simplified document sent for clearance are rejected (400); a standard invoice is cleared; a bad secret is 401.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { zatcaConnection } from "../../worker/providers/zatca";
import type { ZatcaDocumentBody } from "../../worker/providers/zatca-api";
import { restaurantCall } from "../../worker/restaurant/stub";
import { egsSigner, type EgsSigner } from "../../worker/restaurant/zatca-egs";
import { FIRST_PIH, type ZatcaDocument } from "../../worker/zatca/document";
import { signDocument } from "../../worker/zatca/sign";
import { documentXml } from "../../worker/zatca/ubl";
import { catalogueRow } from "./catalogue";
import { consolePost, seedMember } from "./console-members";

const api = zatcaConnection(env)!.api;
let signer: EgsSigner;
let creds: { binarySecurityToken: string; secret: string };

const address = { street: "King Fahd Road", building: "1234", district: "Olaya", city: "Riyadh", postalCode: "12211" };
const doc = (icv: number, pih: string, over: Partial<ZatcaDocument> = {}): ZatcaDocument => ({
  kind: "invoice",
  subtype: "simplified",
  uuid: crypto.randomUUID(),
  number: `INV-${icv}`,
  issueDate: "2026-11-29",
  issueTime: "12:30:00",
  icv,
  pih,
  seller: { name: "شركة الاختبار", vatNumber: "311111111100003", crn: "1010010000", address },
  lines: [{ name: "Kabsa", quantity: 2, unitPrice: 4000, category: "S", vatBp: 1500 }],
  paymentMeans: "48",
  ...over,
});
const signed = (d: ZatcaDocument, s: EgsSigner = signer): ZatcaDocumentBody => {
  const out = signDocument(documentXml(d), { certificate: s.certificate, privateKey: s.privateKey, signingTime: new Date("2026-11-29T09:30:00Z") });
  return { invoiceHash: out.hash, uuid: d.uuid, invoice: out.xml };
};
const codes = (r: Awaited<ReturnType<typeof api.report>>) => [...r.validationResults.errorMessages, ...r.validationResults.warningMessages].map((m) => m.code);

async function onboarded(domain: string, trn: string): Promise<EgsSigner> {
  const made = await createRestaurant(env, {
    domain,
    name_en: domain,
    name_ar: "مطعم",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone: `+96650${String(Date.now()).slice(-6)}${domain.length % 10}`, name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  await restaurantCall(env, { id: made.restaurantId }, "saveSellerRow", {
    legal_name_en: "Test Co",
    legal_name_ar: "شركة الاختبار",
    trn,
    address: "Riyadh",
    vat_bp: null,
    service_bp: 0,
    tips: null,
  });
  const branch = (await catalogueRow<{ id: number }>(made.restaurantId, "SELECT id FROM branches LIMIT 1"))!.id;
  const owner = (await seedMember(made.restaurantId, "owner")).cookie;
  expect((await consolePost("/console/tax/egs", owner, { intent: "onboard", branch: String(branch), otp: "123456" })).status).toBe(200);
  return (await egsSigner(env, made.restaurantId, branch))!;
}

beforeAll(async () => {
  signer = await onboarded("stand-in-checks", "311111111100003");
  creds = { binarySecurityToken: signer.certificate, secret: signer.secret };
});

describe("the stand-in of ZATCA", () => {
  it("reports a chain of simplified documents, and answers a retry of the same document alike", async () => {
    const first = signed(doc(1, FIRST_PIH));
    expect(await api.report(creds, first)).toMatchObject({ status: "accepted", httpStatus: 200 });
    expect(await api.report(creds, first)).toMatchObject({ status: "accepted", httpStatus: 200 });
    const second = signed(doc(2, first.invoiceHash));
    expect(await api.report(creds, second)).toMatchObject({ status: "accepted" });
    // A chain that does not follow: ZATCA's warning, still reported.
    const third = await api.report(creds, signed(doc(3, FIRST_PIH)));
    expect(third).toMatchObject({ status: "warnings", httpStatus: 202 });
    expect(codes(third)).toEqual(["KSA-13"]);
    // Another document with a counter already used is refused.
    const reused = await api.report(creds, signed(doc(2, first.invoiceHash, { number: "INV-2b" })));
    expect(reused).toMatchObject({ status: "rejected", httpStatus: 400 });
    expect(codes(reused)).toContain("BR-KSA-33");
  });

  it("refuses a tampered document, a wrong stated hash, wrong arithmetic and a document sent to the wrong call", async () => {
    const good = signed(doc(10, FIRST_PIH));
    const tampered = { ...good, invoice: good.invoice.replace("<cbc:Name>Kabsa</cbc:Name>", "<cbc:Name>Mandi</cbc:Name>") };
    expect(tampered.invoice).not.toBe(good.invoice);
    expect(codes(await api.report(creds, tampered))).toEqual(expect.arrayContaining(["invoiceSignedDataDigestValue", "invalid-invoice-hash"]));
    expect(codes(await api.report(creds, { ...good, invoiceHash: signed(doc(11, FIRST_PIH)).invoiceHash }))).toContain("invalid-invoice-hash");
    const total = good.invoice.replace(/(<cbc:TaxInclusiveAmount currencyID="SAR">)[\d.]+/, "$1999.00");
    expect((await api.report(creds, { ...good, invoice: total })).status).toBe("rejected");
    expect(codes(await api.clear(creds, good))).toContain("invoice-type");
  });

  it("clears a standard invoice and returns it", async () => {
    const standard = signed(doc(20, FIRST_PIH, { subtype: "standard", buyer: { name: "Buyer Co", vatNumber: "399999999800003", address } }));
    const cleared = await api.clear(creds, standard);
    expect(cleared).toMatchObject({ status: "accepted", httpStatus: 200 });
    expect(cleared.clearedInvoice).toBe(standard.invoice);
    expect(codes(await api.report(creds, standard))).toContain("invoice-type");
  });

  it("takes only the EGS's own certificate and secret", async () => {
    expect(await api.report({ ...creds, secret: "wrong" }, signed(doc(30, FIRST_PIH)))).toMatchObject({ status: "error", httpStatus: 401 });
    const other = await onboarded("stand-in-other", "322222222200003");
    // Signed by another EGS (its own VAT number is not this seller's), sent with this EGS's CSID.
    const foreign = await api.report(creds, signed(doc(31, FIRST_PIH), other));
    expect(codes(foreign)).toContain("certificate-permission");
  });
});
