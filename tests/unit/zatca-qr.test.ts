// The phase-2 QR (worker/zatca/qr.ts on worker/rules/zatca.ts's TLV): a generated invoice's QR decodes,
// by the test's own TLV reading, to the document's own values, each length counted in bytes (an Arabic
// seller name in UTF-8 bytes), tag 9 only on a simplified document; ZATCA's sample QR reads back the same.
import { describe, expect, it } from "vitest";
import { readCertificate } from "../../worker/zatca/certificate";
import { phase2Qr, readPhase2Qr } from "../../worker/zatca/qr";
import { signDocument } from "../../worker/zatca/sign";
import { documentXml } from "../../worker/zatca/ubl";
import { pick, restaurantInvoice, sample, SDK_CERTIFICATE, SDK_PRIVATE_KEY } from "./zatca-samples";

/** The test's own reading: base64 → [tag, length, bytes], checking each length against what follows. */
const triples = (base64: string): [number, number, Uint8Array][] => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const out: [number, number, Uint8Array][] = [];
  for (let at = 0; at < bytes.length; at += 2 + bytes[at + 1]) out.push([bytes[at], bytes[at + 1], bytes.slice(at + 2, at + 2 + bytes[at + 1])]);
  expect(out.reduce((sum, [, length]) => sum + 2 + length, 0)).toBe(bytes.length);
  return out;
};

const text = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);
const credentials = { certificate: SDK_CERTIFICATE, privateKey: SDK_PRIVATE_KEY };

describe("the phase-2 QR of a generated invoice", () => {
  const signed = signDocument(documentXml(restaurantInvoice()), credentials);
  const cert = readCertificate(SDK_CERTIFICATE);

  it("decodes to the document's own values, tags 1 to 9 in order", () => {
    const tags = triples(signed.qr);
    expect(tags.map(([tag]) => tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags.slice(0, 7).map(([, , value]) => text(value))).toEqual([
      "مطعم النخيل & <أبناؤه>",
      "399999999900003",
      "2026-11-29T13:45:07",
      pick(signed.xml, /<cbc:TaxInclusiveAmount currencyID="SAR">([^<]+)</),
      pick(signed.xml, /<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="SAR">([^<]+)</),
      signed.hash,
      signed.signature,
    ]);
    expect(tags[3][2]).toEqual(new TextEncoder().encode("141.51"));
    expect(tags[7][2]).toEqual(cert.publicKeySpki);
    expect(tags[8][2]).toEqual(cert.signature);
    expect(pick(signed.xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</)).toBe(signed.qr);
  });

  it("counts an Arabic seller name in UTF-8 bytes, not characters", () => {
    const [[, length, value]] = triples(signed.qr);
    const seller = "مطعم النخيل & <أبناؤه>";
    expect(length).toBe(new TextEncoder().encode(seller).length);
    expect(length).toBeGreaterThan(seller.length);
    expect(text(value)).toBe(seller);
  });

  it("has no tag 9 on a standard document", () => {
    const standard = restaurantInvoice({
      subtype: "standard",
      buyer: {
        name: "شركة الضيافة",
        vatNumber: "399999999800003",
        address: { street: "صلاح الدين", building: "1111", district: "المروج", city: "الرياض", postalCode: "12222" },
      },
    });
    const tags = triples(signDocument(documentXml(standard), credentials).qr);
    expect(tags.map(([tag]) => tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("reads back what it wrote, and refuses a value longer than one byte can count", () => {
    expect(readPhase2Qr(signed.qr)).toMatchObject({ seller: "مطعم النخيل & <أبناؤه>", total: "141.51", vat: "18.46", hash: signed.hash });
    const fields = { ...readPhase2Qr(signed.qr), seller: "ش".repeat(128) };
    expect(() => phase2Qr(fields)).toThrow(RangeError);
  });
});

describe("ZATCA's sample QR", () => {
  it("reads back to the sample's own values", () => {
    const xml = sample("Simplified_Invoice");
    const qr = readPhase2Qr(pick(xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</));
    expect(qr).toMatchObject({
      vatNumber: "399999999900003",
      timestamp: "2022-08-17T17:41:08",
      total: "231.15",
      vat: "30.15",
      hash: "z5F9qsS6oWyDhehD8u8S0DaxV+2CUiUz9Y+UsR61JgQ=",
    });
    expect(qr.seller).toBe(pick(xml, /<cbc:RegistrationName>([^<]+)</));
    expect(qr.publicKey).toEqual(readCertificate(SDK_CERTIFICATE).publicKeySpki);
  });
});
