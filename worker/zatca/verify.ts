// What ZATCA checks on a signed document, for the stand-in of its API and the tests: the structure it
// requires, the invoice hash recomputed against the signature's reference (and the hash the API body
// states), the ECDSA signature against the embedded certificate, the signed properties' digest and
// certificate, the QR's tags against the document, the counter and chain when told, and the arithmetic
// (verify-totals.ts). Returns ZATCA-shaped messages; none means it passes.
import { fromBase64, sameBytes } from "./bytes";
import { readCertificate, type ZatcaCertificate } from "./certificate";
import { invoiceHash } from "./hash";
import { ecdsaVerify } from "./keys";
import { error, type ZatcaMessage } from "./messages";
import { readPhase2Qr } from "./qr";
import { documentFacts } from "./sign";
import { signedPropertiesDigest } from "./signature-block";
import { totalsProblems } from "./verify-totals";
import { childrenNamed, find, parseXml, textOf, type XmlElement } from "./xml";

/** Every element named `name` under `at`, depth first. */
const all = (at: XmlElement, name: string): XmlElement[] =>
  at.children.flatMap((c) => (typeof c === "string" ? [] : [...(c.name === name ? [c] : []), ...all(c, name)]));

const referenceDigest = (root: XmlElement, attribute: string, value: string): string =>
  textOf(
    find(
      all(root, "ds:Reference").find((r) => r.attrs.some(([n, v]) => n === attribute && v === value)),
      "ds:DigestValue",
    ),
  );

const additional = (root: XmlElement, id: string) => childrenNamed(root, "cac:AdditionalDocumentReference").find((r) => textOf(find(r, "cbc:ID")) === id);

/** Structure ZATCA's schema and KSA rules require before anything else can be checked. */
const structureProblems = (root: XmlElement): ZatcaMessage[] => {
  const problems: ZatcaMessage[] = [];
  const need = (ok: boolean, code: string, message: string) => ok || problems.push(error("KSA", code, message));
  need(textOf(find(root, "cbc:ProfileID")) === "reporting:1.0", "BR-KSA-EN16931-01", "ProfileID must be reporting:1.0");
  need(/^[0-9a-fA-F-]{36}$/.test(textOf(find(root, "cbc:UUID"))), "BR-KSA-03", "UUID must be a UUID");
  const type = find(root, "cbc:InvoiceTypeCode");
  need(["388", "381", "383"].includes(textOf(type)), "BR-KSA-05", "InvoiceTypeCode must be 388, 381 or 383");
  need(/^0[12]\d{5}$/.test(type?.attrs.find(([n]) => n === "name")?.[1] ?? ""), "BR-KSA-06", "the invoice subtype must be 01… (standard) or 02… (simplified)");
  need(textOf(find(root, "cbc:DocumentCurrencyCode")) === "SAR", "BR-KSA-CL-02", "the currency must be SAR");
  need(/^\d+$/.test(textOf(find(additional(root, "ICV"), "cbc:UUID"))), "BR-KSA-33", "the counter (ICV) must be a whole number");
  need(
    Boolean(textOf(find(additional(root, "PIH"), "cac:Attachment", "cbc:EmbeddedDocumentBinaryObject"))),
    "BR-KSA-26",
    "the previous document's hash (PIH) is missing",
  );
  need(
    /^3\d{13}3$/.test(textOf(find(root, "cac:AccountingSupplierParty", "cac:Party", "cac:PartyTaxScheme", "cbc:CompanyID"))),
    "BR-KSA-39",
    "the seller's VAT number must be 15 digits starting and ending with 3",
  );
  if (["381", "383"].includes(textOf(type))) {
    need(
      Boolean(textOf(find(root, "cac:BillingReference", "cac:InvoiceDocumentReference", "cbc:ID"))),
      "BR-KSA-56",
      "a credit or debit note must name the invoice it corrects",
    );
    need(Boolean(textOf(find(root, "cac:PaymentMeans", "cbc:InstructionNote"))), "BR-KSA-17", "a credit or debit note must give its reason");
  }
  return problems;
};

/** The signature's checks: hash, signed properties, certificate and ECDSA value. */
const signatureProblems = (text: string, root: XmlElement, cert: ZatcaCertificate, hash: string): ZatcaMessage[] => {
  const problems: ZatcaMessage[] = [];
  if (referenceDigest(root, "Id", "invoiceSignedData") !== hash)
    problems.push(error("SIGNATURE_ERRORS", "invoiceSignedDataDigestValue", "The invoice hash in the signature does not match the hash of the document"));
  const properties = all(root, "xades:SignedProperties")[0];
  const embedded = properties ? text.slice(properties.start, properties.end) : "";
  if (!properties || referenceDigest(root, "URI", "#xadesSignedProperties") !== signedPropertiesDigest(embedded))
    problems.push(error("SIGNATURE_ERRORS", "xadesSignedPropertiesDigestValue", "The signed properties' digest does not match them"));
  const certDigest = textOf(
    find(properties, "xades:SignedSignatureProperties", "xades:SigningCertificate", "xades:Cert", "xades:CertDigest", "ds:DigestValue"),
  );
  const issuer = find(properties, "xades:SignedSignatureProperties", "xades:SigningCertificate", "xades:Cert", "xades:IssuerSerial");
  if (
    certDigest !== cert.digest ||
    textOf(find(issuer, "ds:X509IssuerName")) !== cert.issuerName ||
    textOf(find(issuer, "ds:X509SerialNumber")) !== cert.serialNumber
  )
    problems.push(error("SIGNATURE_ERRORS", "xadesSignedPropertiesSigningCertificate", "The signed properties do not name the embedded certificate"));
  const signature = textOf(all(root, "ds:SignatureValue")[0]);
  let valid = false;
  try {
    valid = ecdsaVerify(fromBase64(signature), fromBase64(hash), cert.publicKey);
  } catch {
    valid = false;
  }
  if (!valid) problems.push(error("SIGNATURE_ERRORS", "signatureValue", "The signature does not verify with the certificate's public key"));
  return problems;
};

/** The QR's tags against the document, its hash, signature and certificate. */
const qrProblems = (xml: string, root: XmlElement, cert: ZatcaCertificate, hash: string): ZatcaMessage[] => {
  const payload = textOf(find(additional(root, "QR"), "cac:Attachment", "cbc:EmbeddedDocumentBinaryObject")).trim();
  let qr;
  try {
    qr = readPhase2Qr(payload);
  } catch {
    return [error("QR_CODE_ERROR", "QRCODE_INVALID", "The QR code is missing or is not a TLV payload")];
  }
  const facts = documentFacts(xml);
  const wrong = [
    qr.seller !== facts.seller && "1 (seller name)",
    qr.vatNumber !== facts.vatNumber && "2 (VAT number)",
    qr.timestamp.replace(/Z$/, "") !== facts.timestamp && "3 (timestamp)",
    qr.total !== facts.total && "4 (total with VAT)",
    qr.vat !== facts.vat && "5 (VAT total)",
    qr.hash !== hash && "6 (invoice hash)",
    qr.signature !== textOf(all(root, "ds:SignatureValue")[0]) && "7 (signature)",
    !sameBytes(qr.publicKey, cert.publicKeySpki) && "8 (public key)",
    facts.simplified && !(qr.certificateSignature && sameBytes(qr.certificateSignature, cert.signature)) && "9 (certificate signature)",
  ].filter(Boolean);
  return wrong.length ? [error("QR_CODE_ERROR", "QRCODE_INVALID", `The QR code's tag ${wrong.join(", ")} does not match the document`)] : [];
};

/**
 * Checks a signed document as ZATCA does. `expected` holds what the caller knows: the hash its request
 * states, the certificate issued to the EGS, and the counter and previous hash the chain wants next.
 */
export const verifyDocument = (xml: string, expected: { hash?: string; certificate?: string; icv?: number; pih?: string } = {}): ZatcaMessage[] => {
  let parsed;
  try {
    parsed = parseXml(xml);
  } catch (e) {
    return [error("XSD_SCHEMA_ERROR", "XSD_SCHEMA_ERROR", `The document is not well-formed XML: ${e instanceof Error ? e.message : String(e)}`)];
  }
  const { root, text } = parsed;
  const problems = structureProblems(root);
  const hash = invoiceHash(xml);
  if (expected.hash !== undefined && expected.hash !== hash)
    problems.push(error("INVOICE_HASHING_ERRORS", "invalid-invoice-hash", "The invoice hash API body does not match the (calculated) Hash of the XML"));
  if (expected.icv !== undefined && textOf(find(additional(root, "ICV"), "cbc:UUID")) !== String(expected.icv))
    problems.push(error("KSA", "BR-KSA-33", `The counter (ICV) must be ${expected.icv}`));
  if (expected.pih !== undefined && textOf(find(additional(root, "PIH"), "cac:Attachment", "cbc:EmbeddedDocumentBinaryObject")) !== expected.pih)
    problems.push(error("KSA", "BR-KSA-26", "The previous invoice hash (PIH) does not match the EGS's last document"));
  let cert: ZatcaCertificate | undefined;
  try {
    cert = readCertificate(textOf(all(root, "ds:X509Certificate")[0]));
  } catch {
    problems.push(error("CERTIFICATE_ERRORS", "certificate", "The document carries no readable certificate"));
  }
  if (cert && expected.certificate !== undefined && cert.base64 !== readCertificate(expected.certificate).base64)
    problems.push(error("CERTIFICATE_ERRORS", "certificate-permission", "The certificate is not the one issued to this EGS"));
  if (cert) problems.push(...signatureProblems(text, root, cert, hash), ...qrProblems(xml, root, cert, hash));
  problems.push(...totalsProblems(root));
  return problems;
};
