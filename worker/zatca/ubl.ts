// A tax document as ZATCA's XML Implementation Standard wants it: UBL 2.1, profile reporting:1.0, a tax
// invoice (388), credit note (381) or debit note (383), simplified (subtype 0200000) or standard
// (0100000), with its counter (ICV), the previous document's hash (PIH), seller and buyer, lines, the
// service charge, VAT twice (with subtotals and SAR only) and the totals (amounts.ts). The QR reference
// and cac:Signature are already in place, the QR empty (QR_SLOT); sign.ts adds the UBLExtensions and
// the QR, neither of which the hash covers, so this document's hash is the signed one's.
import { documentAmounts, sar } from "./amounts";
import type { ZatcaDocument } from "./document";
import { NS } from "./namespaces";
import { invoiceLine, party, taxCategory, taxSubtotal } from "./ubl-parts";
import { branch, leaf, money } from "./xml-write";

/** Where the QR goes: a comment no escaped text can contain (comments are not hashed either). */
export const QR_SLOT = "<!--qr-->";

const TYPE_CODES = { invoice: "388", credit: "381", debit: "383" } as const;

/** Checks what ZATCA refuses before writing anything. Throws a RangeError naming the problem. */
const checkDocument = (doc: ZatcaDocument): void => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(doc.issueDate) || !/^\d{2}:\d{2}:\d{2}$/.test(doc.issueTime))
    throw new RangeError("issueDate must be YYYY-MM-DD and issueTime HH:MM:SS");
  if (!Number.isSafeInteger(doc.icv) || doc.icv < 1) throw new RangeError(`the counter (ICV) must be a whole number from 1, got ${doc.icv}`);
  if (!/^3\d{13}3$/.test(doc.seller.vatNumber)) throw new RangeError("the seller's VAT number must be 15 digits starting and ending with 3");
  if (doc.lines.length === 0) throw new RangeError("a document needs at least one line");
  if (doc.kind !== "invoice" && !(doc.billingReference?.trim() && doc.reason?.trim()))
    throw new RangeError("a credit or debit note needs the invoice it corrects and a reason");
  if (doc.subtype === "standard" && !(doc.buyer?.name.trim() && doc.buyer.address))
    throw new RangeError("a standard document needs the buyer's name and address");
  for (const tax of [...doc.lines, ...(doc.charges ?? [])]) {
    const standard = tax.category === "S";
    if (standard ? tax.vatBp <= 0 : tax.vatBp !== 0 || !tax.exemption)
      throw new RangeError(`category ${tax.category} needs ${standard ? "a rate above 0" : "a 0 rate and an exemption code and reason"}`);
  }
};

/** The document's XML (UTF-8 text, with its declaration), not yet signed. Throws a RangeError on input ZATCA would refuse. */
export const documentXml = (doc: ZatcaDocument): string => {
  checkDocument(doc);
  const amounts = documentAmounts(doc);
  const body = [
    leaf("cbc:ProfileID", "reporting:1.0"),
    leaf("cbc:ID", doc.number),
    leaf("cbc:UUID", doc.uuid),
    leaf("cbc:IssueDate", doc.issueDate),
    leaf("cbc:IssueTime", doc.issueTime),
    leaf("cbc:InvoiceTypeCode", TYPE_CODES[doc.kind], { name: doc.subtype === "simplified" ? "0200000" : "0100000" }),
    leaf("cbc:DocumentCurrencyCode", "SAR"),
    leaf("cbc:TaxCurrencyCode", "SAR"),
    doc.kind !== "invoice" && branch("cac:BillingReference", [branch("cac:InvoiceDocumentReference", [leaf("cbc:ID", doc.billingReference ?? "")])]),
    branch("cac:AdditionalDocumentReference", [leaf("cbc:ID", "ICV"), leaf("cbc:UUID", String(doc.icv))]),
    branch("cac:AdditionalDocumentReference", [
      leaf("cbc:ID", "PIH"),
      branch("cac:Attachment", [leaf("cbc:EmbeddedDocumentBinaryObject", doc.pih, { mimeCode: "text/plain" })]),
    ]),
    branch("cac:AdditionalDocumentReference", [
      leaf("cbc:ID", "QR"),
      branch("cac:Attachment", [`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${QR_SLOT}</cbc:EmbeddedDocumentBinaryObject>`]),
    ]),
    branch("cac:Signature", [
      leaf("cbc:ID", "urn:oasis:names:specification:ubl:signature:Invoice"),
      leaf("cbc:SignatureMethod", "urn:oasis:names:specification:ubl:dsig:enveloped:xades"),
    ]),
    branch("cac:AccountingSupplierParty", [party(doc.seller)]),
    branch("cac:AccountingCustomerParty", [doc.buyer && party(doc.buyer)]),
    doc.subtype === "standard" && branch("cac:Delivery", [leaf("cbc:ActualDeliveryDate", doc.supplyDate ?? doc.issueDate)]),
    branch("cac:PaymentMeans", [leaf("cbc:PaymentMeansCode", doc.paymentMeans), doc.kind !== "invoice" && leaf("cbc:InstructionNote", doc.reason ?? "")]),
    ...(doc.charges ?? []).map((charge) =>
      branch("cac:AllowanceCharge", [
        leaf("cbc:ChargeIndicator", "true"),
        leaf("cbc:AllowanceChargeReason", charge.reason),
        money("cbc:Amount", sar(charge.amount)),
        taxCategory(charge),
      ]),
    ),
    branch("cac:TaxTotal", [money("cbc:TaxAmount", sar(amounts.vat))]),
    branch("cac:TaxTotal", [money("cbc:TaxAmount", sar(amounts.vat)), ...amounts.subtotals.map(taxSubtotal)]),
    branch("cac:LegalMonetaryTotal", [
      money("cbc:LineExtensionAmount", sar(amounts.lineTotal)),
      money("cbc:TaxExclusiveAmount", sar(amounts.taxExclusive)),
      money("cbc:TaxInclusiveAmount", sar(amounts.taxInclusive)),
      money("cbc:AllowanceTotalAmount", sar(0)),
      amounts.chargeTotal > 0 && money("cbc:ChargeTotalAmount", sar(amounts.chargeTotal)),
      money("cbc:PrepaidAmount", sar(0)),
      amounts.payable !== amounts.taxInclusive && money("cbc:PayableRoundingAmount", sar(amounts.payable - amounts.taxInclusive)),
      money("cbc:PayableAmount", sar(amounts.payable)),
    ]),
    ...doc.lines.map((line, i) => invoiceLine(i + 1, line, amounts.lines[i])),
  ];
  const root = branch("Invoice", body, { xmlns: NS.invoice, "xmlns:cac": NS.cac, "xmlns:cbc": NS.cbc, "xmlns:ext": NS.ext });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
};
