// The sample documents ZATCA's compliance step asks an EGS to pass before it issues the production CSID
// (the Fatoora portal's "compliance checks"): for each invoice type the EGS declared, a tax invoice (388),
// a credit note (381) and a debit note (383), simplified and, for "1100", standard; each a small sale by
// the seller itself, chained from the first PIH, signed with the compliance CSID.
import { FIRST_PIH, type ZatcaAddress, type ZatcaDocument } from "../zatca/document";
import { signDocument } from "../zatca/sign";
import { documentXml } from "../zatca/ubl";

/** The seller as the samples state it (its name and VAT number as the CSR named them). */
export interface SampleSeller {
  name: string;
  vatNumber: string;
  address: string;
}

/** A free-text address in the national address's parts (the samples carry no buyer's own data). */
const addressOf = (text: string): ZatcaAddress => ({ street: text.slice(0, 127) || "-", building: "0000", district: "-", city: "-", postalCode: "00000" });

/** "YYYY-MM-DD" and "HH:MM:SS" in Riyadh (UTC+3, no daylight time). */
const riyadh = (at: number) => {
  const iso = new Date(at + 3 * 3_600_000).toISOString();
  return { issueDate: iso.slice(0, 10), issueTime: iso.slice(11, 19) };
};

/** The documents to send, in order, for invoice types "0100" or "1100". */
export function sampleDocuments(seller: SampleSeller, invoiceTypes: "0100" | "1100", now: number): ZatcaDocument[] {
  const subtypes = invoiceTypes === "1100" ? (["simplified", "standard"] as const) : (["simplified"] as const);
  const kinds = ["invoice", "credit", "debit"] as const;
  return subtypes.flatMap((subtype, s) =>
    kinds.map((kind, k) => ({
      kind,
      subtype,
      uuid: crypto.randomUUID(),
      number: `COMPLIANCE-${s * 3 + k + 1}`,
      ...riyadh(now),
      icv: s * 3 + k + 1,
      pih: FIRST_PIH,
      seller: { name: seller.name, vatNumber: seller.vatNumber, crn: "", address: addressOf(seller.address) },
      buyer: subtype === "standard" ? { name: "Compliance check buyer", vatNumber: "399999999800003", address: addressOf("Riyadh") } : undefined,
      lines: [{ name: "Compliance sample", quantity: 1, unitPrice: 1000, category: "S" as const, vatBp: 1500 }],
      paymentMeans: "10" as const,
      billingReference: kind === "invoice" ? undefined : `COMPLIANCE-${s * 3 + 1}`,
      reason: kind === "invoice" ? undefined : kind === "credit" ? "Returned items" : "Price adjustment",
    })),
  );
}

/** Each sample signed with the compliance certificate, its PIH the previous sample's hash: what the compliance call sends. */
export function signedSamples(docs: ZatcaDocument[], certificate: string, privateKey: Uint8Array, now: number) {
  let pih = FIRST_PIH;
  return docs.map((doc) => {
    const signed = signDocument(documentXml({ ...doc, pih }), { certificate, privateKey, signingTime: new Date(now) });
    pih = signed.hash;
    return { invoiceHash: signed.hash, uuid: doc.uuid, invoice: signed.xml };
  });
}
