// Known answers for ZATCA's hashes (worker/zatca/hash.ts, certificate.ts, signature-block.ts): every
// signed sample of ZATCA's SDK, recomputed from its XML, gives the DigestValue of its invoiceSignedData
// reference (and its QR's tag 6), its signed properties' digest and its certificate digest.
import { describe, expect, it } from "vitest";
import { readCertificate } from "../../worker/zatca/certificate";
import { hashedText, invoiceHash } from "../../worker/zatca/hash";
import { signedPropertiesDigest } from "../../worker/zatca/signature-block";
import { pick, sample, SAMPLES, SDK_CERTIFICATE } from "./zatca-samples";

describe("the invoice hash of ZATCA's signed samples", () => {
  it.each(SAMPLES)("equals %s's invoiceSignedData digest", (name) => {
    const xml = sample(name);
    const published = pick(xml, /Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</);
    expect(published).toHaveLength(44);
    expect(invoiceHash(xml)).toBe(published);
  });

  it("leaves out the signature block, cac:Signature and the QR, and keeps the whitespace between elements", () => {
    const text = hashedText(sample("Simplified_Invoice"));
    expect(text.startsWith('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac=')).toBe(true);
    expect(text).not.toMatch(/UBLExtensions|cac:Signature|<cbc:ID>QR</);
    expect(text).toContain("</cac:AdditionalDocumentReference>\n    \n    \n    <cac:AccountingSupplierParty>");
    expect(text).toContain('<cbc:ID schemeAgencyID="6" schemeID="UN/ECE 5305">S</cbc:ID>');
  });

  it("changes with a hashed value and not with what the signature leaves out", () => {
    const xml = sample("Simplified_Credit_Note");
    expect(invoiceHash(xml.replace(/(<cbc:TaxInclusiveAmount[^>]*>)[^<]+/, "$10.01"))).not.toBe(invoiceHash(xml));
    expect(invoiceHash(xml.replace(/<ds:SignatureValue>[^<]+/, "<ds:SignatureValue>AAAA"))).toBe(invoiceHash(xml));
    expect(invoiceHash(xml.replace(/(<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>)[^<]+/, "$1AAAA"))).toBe(
      invoiceHash(xml),
    );
  });

  it("escapes text and attributes the canonical way and writes empty elements in full", () => {
    const xml = `<?xml version="1.0"?>\r\n<a xmlns="urn:x" b='1 &amp; "2"' a="x"><e/><t>&lt;&amp;&#62;\r\n</t><!-- gone --></a>`;
    expect(hashedText(xml)).toBe('<a xmlns="urn:x" a="x" b="1 &amp; &quot;2&quot;"><e></e><t>&lt;&amp;&gt;\n</t></a>');
  });
});

describe("the signature's other digests in ZATCA's samples", () => {
  it.each(SAMPLES)("%s's signed properties digest is taken over the element as written, with its namespaces", (name) => {
    const xml = sample(name);
    const element = pick(xml, /(<xades:SignedProperties[\s\S]*?<\/xades:SignedProperties>)/);
    expect(signedPropertiesDigest(element)).toBe(pick(xml, /URI="#xadesSignedProperties">[\s\S]*?<ds:DigestValue>([^<]+)</));
  });

  it("reads the SDK's certificate as its signed properties name it", () => {
    const xml = sample("Simplified_Invoice");
    const cert = readCertificate(SDK_CERTIFICATE);
    expect(cert.digest).toBe(pick(xml, /<xades:CertDigest>[\s\S]*?<ds:DigestValue>([^<]+)</));
    expect(cert.issuerName).toBe("CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local");
    expect(cert.serialNumber).toBe("379112742831380471835263969587287663520528387");
    expect(cert.publicKeySpki).toHaveLength(88);
    expect(cert.notAfter.toISOString()).toBe("2029-01-09T09:19:30.000Z");
  });

  it("reads a certificate as ZATCA's API returns it (base64 of the base64 text) and as a PEM", () => {
    const token = btoa(SDK_CERTIFICATE);
    expect(readCertificate(token).digest).toBe(readCertificate(SDK_CERTIFICATE).digest);
    const pem = `-----BEGIN CERTIFICATE-----\n${SDK_CERTIFICATE.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
    expect(readCertificate(pem).serialNumber).toBe("379112742831380471835263969587287663520528387");
  });
});
