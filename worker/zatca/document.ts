// The typed input of a ZATCA Phase-2 document (what ubl.ts writes): money in halalas (integers), rates
// in basis points, dates and times as the branch's clock reads them. Types only.

/** A national address (Saudi short address parts). */
export interface ZatcaAddress {
  street: string;
  building: string;
  district: string;
  city: string;
  postalCode: string;
  /** ISO 3166 alpha-2; SA unless told. */
  country?: string;
}

/** VAT categories (UNCL 5305 as ZATCA uses them): standard, zero-rated, exempt, out of scope. */
type VatCategory = "S" | "Z" | "E" | "O";

/** A category and rate; a category other than S carries ZATCA's exemption code (VATEX-SA-…) and reason. */
export interface ZatcaTax {
  category: VatCategory;
  vatBp: number;
  exemption?: { code: string; reason: string };
}

export interface ZatcaLine extends ZatcaTax {
  name: string;
  /** A whole number of units. */
  quantity: number;
  /** The net unit price (VAT excluded), halalas. */
  unitPrice: number;
  /** A line discount, halalas (absorbs a split of VAT-inclusive prices that does not divide exactly). */
  discount?: number;
}

/** A document-level charge (the service charge), VAT excluded. */
interface ZatcaCharge extends ZatcaTax {
  reason: string;
  amount: number;
}

export interface ZatcaDocument {
  kind: "invoice" | "credit" | "debit";
  subtype: "simplified" | "standard";
  uuid: string;
  /** The document's number (cbc:ID). */
  number: string;
  /** YYYY-MM-DD and HH:MM:SS on the branch's clock. */
  issueDate: string;
  issueTime: string;
  /** The EGS's invoice counter value (ICV), 1, 2, 3… with no gap. */
  icv: number;
  /** The previous document's hash, base64; the first document's is FIRST_PIH. */
  pih: string;
  /** The CRN (PartyIdentification) is left out when the seller has not given one. */
  seller: { name: string; vatNumber: string; crn?: string; address: ZatcaAddress };
  /** Optional for a simplified document; name, VAT number and address for a standard one. */
  buyer?: { name: string; vatNumber?: string; address?: ZatcaAddress };
  lines: ZatcaLine[];
  charges?: ZatcaCharge[];
  /** UNTDID 4461: 10 cash, 30 credit transfer, 42 bank account, 48 bank card. */
  paymentMeans: "10" | "30" | "42" | "48";
  /** For a credit or debit note: the invoice it corrects and why. */
  billingReference?: string;
  reason?: string;
  /** The supply date for a standard document (YYYY-MM-DD); the issue date unless told. */
  supplyDate?: string;
  /** What the buyer pays minus the computed total, halalas (PayableRoundingAmount); 0 unless told. */
  payableRounding?: number;
}

/** ZATCA's fixed PIH for an EGS's first document: base64 of the hex of SHA-256("0"). */
export const FIRST_PIH = "NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==";
