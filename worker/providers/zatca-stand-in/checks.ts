// The stand-in's checks of a submitted document (docs/zatca-stand-in.md has the table): the request's
// shape, then worker/zatca/verify.ts (structure, hash against the request's, signature against the
// certificate this stand-in issued to the EGS, QR tags, totals and VAT), the UUID and the seller's VAT
// number against the request and the certificate, and, on reporting and clearance, the counter and chain.
import * as v from "valibot";
import { fromBase64 } from "../../zatca/bytes";
import { FIRST_PIH } from "../../zatca/document";
import { error, type ZatcaMessage } from "../../zatca/messages";
import { verifyDocument } from "../../zatca/verify";
import { childrenNamed, find, parseXml, textOf } from "../../zatca/xml";
import { documentHash, type IssuedCsid } from "./state";

export const DocumentBody = v.object({
  invoiceHash: v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]{43}=$/)),
  uuid: v.pipe(v.string(), v.regex(/^[0-9a-fA-F-]{36}$/)),
  invoice: v.pipe(v.string(), v.minLength(1), v.maxLength(2_000_000)),
});

/** What the document is, as ZATCA's compliance steps name it: "simplified-388", "standard-381"… */
export interface Submitted {
  xml: string;
  kind: string;
  simplified: boolean;
  icv: number;
  pih: string;
}

const warning = (code: string, message: string): ZatcaMessage => ({ type: "WARNING", code, category: "KSA", message, status: "WARNING" });

/** The document's facts, or null when it is no readable XML (verify.ts then says why). */
function facts(xml: string): Submitted | null {
  try {
    const { root } = parseXml(xml);
    const type = find(root, "cbc:InvoiceTypeCode");
    const simplified = (type?.attrs.find(([n]) => n === "name")?.[1] ?? "").startsWith("02");
    const ref = (id: string) => childrenNamed(root, "cac:AdditionalDocumentReference").find((r) => textOf(find(r, "cbc:ID")) === id);
    return {
      xml,
      kind: `${simplified ? "simplified" : "standard"}-${textOf(type)}`,
      simplified,
      icv: Number(textOf(find(ref("ICV"), "cbc:UUID"))),
      pih: textOf(find(ref("PIH"), "cac:Attachment", "cbc:EmbeddedDocumentBinaryObject")),
    };
  } catch {
    return null;
  }
}

/** The document's checks against the EGS's certificate; `chain` adds the counter and PIH checks of reporting and clearance. */
export async function checkDocument(
  body: v.InferOutput<typeof DocumentBody>,
  egs: IssuedCsid & { token: string },
  chain: KVNamespace | null,
): Promise<{ messages: ZatcaMessage[]; doc: Submitted | null; repeat: boolean }> {
  let xml = "";
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64(body.invoice));
  } catch {
    return { messages: [error("XSD_SCHEMA_ERROR", "invalid-invoice", "The invoice is not base64 of a UTF-8 XML document")], doc: null, repeat: false };
  }
  const messages = verifyDocument(xml, { hash: body.invoiceHash, certificate: egs.token });
  const doc = facts(xml);
  if (!doc) return { messages, doc, repeat: false };
  const uuid = textOf(find(parseXml(xml).root, "cbc:UUID"));
  if (uuid.toLowerCase() !== body.uuid.toLowerCase()) messages.push(error("KSA", "invalid-uuid", "The request's uuid is not the document's UUID"));
  const vat = textOf(find(parseXml(xml).root, "cac:AccountingSupplierParty", "cac:Party", "cac:PartyTaxScheme", "cbc:CompanyID"));
  if (vat !== egs.vatNumber)
    messages.push(error("CERTIFICATE_ERRORS", "certificate-permission", "The seller's VAT number is not the one the EGS's certificate was issued for"));
  let repeat = false;
  if (chain && Number.isInteger(doc.icv) && doc.icv >= 1) {
    const same = await documentHash(chain, egs, doc.icv);
    if (same !== null && same !== body.invoiceHash)
      messages.push(error("KSA", "BR-KSA-33", `The counter (ICV) ${doc.icv} was already used by another document of this EGS`));
    repeat = same === body.invoiceHash;
    const previous = doc.icv === 1 ? FIRST_PIH : await documentHash(chain, egs, doc.icv - 1);
    if (previous !== null && previous !== doc.pih)
      messages.push(warning("KSA-13", "The previous invoice hash (PIH) is not the hash of this EGS's previous document"));
  }
  return { messages, doc, repeat };
}
