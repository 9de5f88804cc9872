// The ZATCA library inside workerd, where the Worker runs it (no Buffer, no node:): a simplified invoice
// and its credit note written, signed with ZATCA's SDK sample key and certificate, and verified; a key
// pair and CSR made there too. Its SDK sample invoice still hashes to its published digest.
import { describe, expect, it } from "vitest";
import certificate from "../fixtures/zatca/cert.pem?raw";
import privateKeyPem from "../fixtures/zatca/ec-secp256k1-priv-key.pem?raw";
import sampleInvoice from "../fixtures/zatca/Simplified_Invoice.xml?raw";
import { fromBase64 } from "../../worker/zatca/bytes";
import { zatcaCsr } from "../../worker/zatca/csr";
import { FIRST_PIH, type ZatcaDocument } from "../../worker/zatca/document";
import { invoiceHash } from "../../worker/zatca/hash";
import { generateKeyPair } from "../../worker/zatca/keys";
import { readPhase2Qr } from "../../worker/zatca/qr";
import { signDocument } from "../../worker/zatca/sign";
import { documentXml } from "../../worker/zatca/ubl";
import { verifyDocument } from "../../worker/zatca/verify";

const credentials = { certificate: certificate.trim(), privateKey: fromBase64(privateKeyPem).slice(7, 39) };

const invoice: ZatcaDocument = {
  kind: "invoice",
  subtype: "simplified",
  uuid: crypto.randomUUID(),
  number: "INV-1",
  issueDate: "2026-11-29",
  issueTime: "20:15:00",
  icv: 1,
  pih: FIRST_PIH,
  seller: {
    name: "مطعم النخيل",
    vatNumber: "399999999900003",
    crn: "1010010000",
    address: { street: "العليا", building: "1234", district: "العليا", city: "الرياض", postalCode: "12211" },
  },
  lines: [{ name: "قهوة عربية", quantity: 2, unitPrice: 1304, category: "S", vatBp: 1500 }],
  paymentMeans: "48",
};

describe("ZATCA documents inside workerd", () => {
  it("hashes ZATCA's sample invoice to its published digest", () => {
    expect(invoiceHash(sampleInvoice)).toBe(/Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</.exec(sampleInvoice)![1]);
  });

  it("signs an invoice and its credit note that verify, with a QR holding the document's values", () => {
    const signed = signDocument(documentXml(invoice), credentials);
    expect(verifyDocument(signed.xml, { hash: signed.hash, icv: 1, pih: FIRST_PIH })).toEqual([]);
    expect(readPhase2Qr(signed.qr)).toMatchObject({ seller: "مطعم النخيل", total: "29.99", vat: "3.91", hash: signed.hash, signature: signed.signature });
    const credit = signDocument(
      documentXml({ ...invoice, kind: "credit", number: "CRN-1", icv: 2, pih: signed.hash, billingReference: "INV-1", reason: "Order cancelled" }),
      credentials,
    );
    expect(verifyDocument(credit.xml, { icv: 2, pih: signed.hash })).toEqual([]);
    expect(verifyDocument(credit.xml.replace(">29.99<", ">29.98<")).map((m) => m.code)).toContain("BR-CO-16");
  });

  it("makes a key pair and a CSR", () => {
    const { privateKey } = generateKeyPair();
    const csr = zatcaCsr(
      {
        environment: "developer",
        commonName: "TST-1-399999999900003",
        organization: "مطعم النخيل",
        branch: "الرياض",
        egs: { solution: "Menu", model: "1", serial: crypto.randomUUID() },
        vatNumber: "399999999900003",
        invoiceTypes: "1100",
        address: "RRRD2929",
        businessCategory: "Restaurants",
      },
      privateKey,
    );
    expect(new TextDecoder().decode(fromBase64(csr))).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n/);
  });
});
