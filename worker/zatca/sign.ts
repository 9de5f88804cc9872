// Signs a ZATCA document (documentXml's output, or any document with the QR slot): the invoice hash, the
// ECDSA signature over it (the SDK signs the hash's 32 bytes, hashing them again: its sample signatures
// verify so), the signed properties and their digest, the XAdES block after the root's start tag, and the
// phase-2 QR in its slot. Neither addition is hashed, so the returned hash is the signed document's.
import { fromBase64, sameBytes, toBase64 } from "./bytes";
import { readCertificate } from "./certificate";
import { invoiceHash } from "./hash";
import { ecdsaSign, publicKeyOf } from "./keys";
import { phase2Qr } from "./qr";
import { signedProperties, signedPropertiesDigest, ublExtensions } from "./signature-block";
import { QR_SLOT } from "./ubl";
import { find, parseXml, textOf } from "./xml";

const DIGEST_SLOT = "SIGNED-PROPERTIES-DIGEST";

/** The QR's text tags as the document states them (seller, VAT number, timestamp, totals) and whether it is simplified. */
export const documentFacts = (xml: string) => {
  const { root } = parseXml(xml);
  const seller = find(root, "cac:AccountingSupplierParty", "cac:Party");
  return {
    seller: textOf(find(seller, "cac:PartyLegalEntity", "cbc:RegistrationName")),
    vatNumber: textOf(find(seller, "cac:PartyTaxScheme", "cbc:CompanyID")),
    timestamp: `${textOf(find(root, "cbc:IssueDate"))}T${textOf(find(root, "cbc:IssueTime"))}`,
    total: textOf(find(root, "cac:LegalMonetaryTotal", "cbc:TaxInclusiveAmount")),
    vat: textOf(find(root, "cac:TaxTotal", "cbc:TaxAmount")),
    simplified:
      find(root, "cbc:InvoiceTypeCode")
        ?.attrs.find(([n]) => n === "name")?.[1]
        .startsWith("02") ?? false,
  };
};

/** "YYYY-MM-DDTHH:MM:SS" of an instant in UTC, the form of the SDK's xades:SigningTime. */
const signingTimeOf = (at: Date): string => at.toISOString().slice(0, 19);

/**
 * Signs the document. `certificate` is the CSID as ZATCA returns it (binarySecurityToken) or its base64
 * DER; `privateKey` the raw 32 bytes. Throws a RangeError when the key is not the certificate's or the
 * document has no QR slot.
 */
export const signDocument = (
  xml: string,
  credentials: { certificate: string; privateKey: Uint8Array; signingTime?: Date },
): { xml: string; hash: string; qr: string; signature: string } => {
  if (!xml.includes(QR_SLOT)) throw new RangeError("the document has no QR slot (write it with documentXml)");
  const cert = readCertificate(credentials.certificate);
  if (!sameBytes(publicKeyOf(credentials.privateKey), cert.publicKey)) throw new RangeError("the private key does not belong to the certificate");
  const hash = invoiceHash(xml);
  const signature = toBase64(ecdsaSign(fromBase64(hash), credentials.privateKey));
  const facts = documentFacts(xml);
  const qr = phase2Qr({ ...facts, hash, signature, publicKey: cert.publicKeySpki, certificateSignature: facts.simplified ? cert.signature : undefined });
  const properties = signedProperties({
    signingTime: signingTimeOf(credentials.signingTime ?? new Date()),
    certDigest: cert.digest,
    issuerName: cert.issuerName,
    serialNumber: cert.serialNumber,
  });
  const block = ublExtensions({ hash, propertiesDigest: DIGEST_SLOT, signature, certificate: cert.base64, properties });
  const embedded = block.slice(block.indexOf("<xades:SignedProperties"), block.indexOf("</xades:SignedProperties>") + "</xades:SignedProperties>".length);
  const signedBlock = block.replace(DIGEST_SLOT, signedPropertiesDigest(embedded));
  const rootOpen = xml.indexOf(">", xml.indexOf("<Invoice")) + 1;
  const signed = xml.slice(0, rootOpen) + signedBlock + xml.slice(rootOpen).replace(QR_SLOT, qr);
  return { xml: signed, hash, qr, signature };
};
