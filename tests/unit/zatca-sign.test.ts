// Signing and verifying ZATCA documents (worker/zatca/sign.ts, verify.ts): the SDK's sample signatures
// verify with its certificate, a signature made with the SDK's sample key verifies with the SDK's
// certificate, a generated invoice and credit note pass verify, and one flipped byte of a total, the hash
// or the signature fails it with ZATCA's message.
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "../../worker/zatca/bytes";
import { readCertificate } from "../../worker/zatca/certificate";
import { invoiceHash } from "../../worker/zatca/hash";
import { ecdsaSign, ecdsaVerify, generateKeyPair } from "../../worker/zatca/keys";
import { validationResults } from "../../worker/zatca/messages";
import { signDocument } from "../../worker/zatca/sign";
import { documentXml } from "../../worker/zatca/ubl";
import { verifyDocument } from "../../worker/zatca/verify";
import { pick, restaurantInvoice, sample, SAMPLES, SDK_CERTIFICATE, SDK_PRIVATE_KEY } from "./zatca-samples";

const credentials = { certificate: SDK_CERTIFICATE, privateKey: SDK_PRIVATE_KEY, signingTime: new Date("2026-11-29T10:45:07Z") };
const signedInvoice = signDocument(documentXml(restaurantInvoice()), credentials);
const creditNote = signDocument(
  documentXml(
    restaurantInvoice({ kind: "credit", number: "CRN-000001", icv: 2, pih: signedInvoice.hash, billingReference: "INV-000001", reason: "Order cancelled" }),
  ),
  credentials,
);

const codes = (xml: string, expected = {}) => verifyDocument(xml, expected).map((m) => m.code);

describe("ZATCA's signatures", () => {
  it.each(SAMPLES)("%s's SignatureValue verifies with its embedded certificate, over its invoice hash", (name) => {
    const xml = sample(name);
    const cert = readCertificate(pick(xml, /<ds:X509Certificate>([^<]+)</));
    const signature = fromBase64(pick(xml, /<ds:SignatureValue>([^<]+)</));
    expect(ecdsaVerify(signature, fromBase64(invoiceHash(xml)), cert.publicKey)).toBe(true);
    expect(ecdsaVerify(signature, fromBase64(invoiceHash(xml.replace("<cbc:ID>1</cbc:ID>", "<cbc:ID>9</cbc:ID>"))), cert.publicKey)).toBe(false);
  });

  it("verifies a signature made with the SDK's sample key with the SDK's sample certificate, and no other key's", () => {
    const message = fromBase64(signedInvoice.hash);
    const signature = ecdsaSign(message, SDK_PRIVATE_KEY);
    expect(signature[0]).toBe(0x30);
    expect(ecdsaVerify(signature, message, readCertificate(SDK_CERTIFICATE).publicKey)).toBe(true);
    expect(ecdsaVerify(ecdsaSign(message, generateKeyPair().privateKey), message, readCertificate(SDK_CERTIFICATE).publicKey)).toBe(false);
  });

  it("passes every check on ZATCA's own signed samples", () => {
    for (const name of SAMPLES) expect(verifyDocument(sample(name)), name).toEqual([]);
  });

  it("refuses a key that is not the certificate's", () => {
    expect(() => signDocument(documentXml(restaurantInvoice()), { ...credentials, privateKey: generateKeyPair().privateKey })).toThrow(/does not belong/);
  });
});

describe("a generated document, signed", () => {
  it("keeps the unsigned document's hash and states it in the signature", () => {
    expect(invoiceHash(signedInvoice.xml)).toBe(signedInvoice.hash);
    expect(invoiceHash(documentXml(restaurantInvoice()))).toBe(signedInvoice.hash);
    expect(pick(signedInvoice.xml, /Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</)).toBe(signedInvoice.hash);
    expect(pick(signedInvoice.xml, /<ds:SignatureValue>([^<]+)</)).toBe(signedInvoice.signature);
    expect(pick(signedInvoice.xml, /<xades:SigningTime>([^<]+)</)).toBe("2026-11-29T10:45:07");
  });

  it("passes verify, an invoice and the credit note chained to it", () => {
    expect(verifyDocument(signedInvoice.xml, { hash: signedInvoice.hash, certificate: btoa(SDK_CERTIFICATE), icv: 1 })).toEqual([]);
    expect(verifyDocument(creditNote.xml, { hash: creditNote.hash, icv: 2, pih: signedInvoice.hash })).toEqual([]);
    expect(validationResults([]).status).toBe("PASS");
  });

  it("fails verify with the right message when one byte of a total changes", () => {
    const xml = signedInvoice.xml.replace(/(<cbc:PayableAmount currencyID="SAR">)(\d)/, (_, tag, d) => `${tag}${(Number(d) + 1) % 10}`);
    expect(codes(xml)).toEqual(expect.arrayContaining(["invoiceSignedDataDigestValue", "signatureValue", "QRCODE_INVALID", "BR-CO-16"]));
    const vat = signedInvoice.xml.replace(
      /(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="SAR">[^<]+<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="SAR">)(\d)/,
      (_, tag, d) => `${tag}${(Number(d) + 1) % 10}`,
    );
    expect(codes(vat)).toEqual(expect.arrayContaining(["BR-S-09", "BR-CO-14", "invoiceSignedDataDigestValue"]));
    expect(validationResults(verifyDocument(vat)).status).toBe("ERROR");
  });

  it("fails verify with the right message when the hash or the signature changes", () => {
    const hash = signedInvoice.hash.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect(codes(signedInvoice.xml.replace(`<ds:DigestValue>${signedInvoice.hash}<`, `<ds:DigestValue>${hash}<`))).toEqual(["invoiceSignedDataDigestValue"]);
    expect(codes(signedInvoice.xml, { hash })).toEqual(["invalid-invoice-hash"]);
    const bytes = fromBase64(signedInvoice.signature);
    bytes[bytes.length - 1] ^= 1;
    expect(codes(signedInvoice.xml.replace(`<ds:SignatureValue>${signedInvoice.signature}<`, `<ds:SignatureValue>${toBase64(bytes)}<`))).toEqual([
      "signatureValue",
      "QRCODE_INVALID",
    ]);
  });

  it("fails verify when the signed properties, the counter, the chain or the certificate are not what ZATCA expects", () => {
    expect(codes(signedInvoice.xml.replace("2026-11-29T10:45:07", "2026-11-29T10:45:08"))).toEqual(["xadesSignedPropertiesDigestValue"]);
    expect(codes(signedInvoice.xml, { icv: 2, pih: creditNote.hash })).toEqual(["BR-KSA-33", "BR-KSA-26"]);
    const other = signedInvoice.xml.replace(/<ds:X509Certificate>[^<]+/, "<ds:X509Certificate>AAAA");
    expect(codes(other)).toEqual(["certificate"]);
    expect(codes("<Invoice>")[0]).toBe("XSD_SCHEMA_ERROR");
  });
});
