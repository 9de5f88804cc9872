// A stored invoice or credit note as the input of its Phase-2 document (worker/zatca/document.ts): the
// seller as the invoice recorded it, the lines and amounts of its order split to net (worker/zatca/sale.ts,
// the tip left off: decision 0073), the issue time on the branch's clock, card (48) or at the counter (10),
// and for a credit note the invoice it cancels. Pure: ./zatca-stamp.ts gives it the counter and the chain.
import { branchZone, isoWithOffset } from "../rules/local-time";
import type { ZatcaDocument } from "../zatca/document";
import { saleParts } from "../zatca/sale";

/** What ./zatca-stamp.ts reads of a document to stamp (amounts in halalas). */
export type StampRow = {
  subtype: "simplified" | "standard";
  /** The invoice row's own document, a B2B standard invoice replacing it, or the credit note voiding the simplified one. */
  purpose: "issue" | "b2b" | "void";
  /** A standard document's buyer, JSON. */
  buyer: string | null;
  number: number;
  kind: "invoice" | "credit";
  credits: number | null;
  issued_at: number;
  vat_bp: number;
  total_minor: number;
  vat_minor: number;
  service_minor: number;
  tip_minor: number;
  /** The seller as the invoice recorded it, JSON (./invoices.ts SELLER_NOW). */
  seller: string;
  payment: "online" | "otp";
  time_zone: string | null;
  /** The order's lines, JSON: names, quantity and VAT-inclusive unit price (options included), options' names. */
  lines: string;
  /** A partial refund's credit note: the reason the board gave (docs/decisions/0083); else null. */
  refund_reason?: string | null;
};

interface Line {
  name_en: string;
  name_ar: string;
  amount: number;
  unit_minor: number;
  options: { sub_name_en: string; sub_name_ar: string }[];
}

/** Why a credit note is issued: a paid order was cancelled, or its simplified invoice was replaced by a B2B one. */
const CANCEL_REASON = "Order cancelled / إلغاء الطلب";
const replacedBy = (number: string) => `Replaced by tax invoice ${number} / استُبدلت بالفاتورة الضريبية ${number}`;

/** The document's number (cbc:ID), credit note or invoice, and the invoice a credit note refers to, with why. */
function numbering(row: StampRow): Pick<ZatcaDocument, "kind" | "number" | "billingReference" | "reason"> {
  const b2b = `${row.number}-B`;
  if (row.purpose === "b2b") return { kind: "invoice", number: b2b };
  if (row.purpose === "void") return { kind: "credit", number: `${row.number}-V`, billingReference: String(row.number), reason: replacedBy(b2b) };
  if (row.kind === "invoice") return { kind: "invoice", number: String(row.number) };
  // A cancel's credit note refers to the invoice the buyer holds: the B2B one when it replaced the simplified one.
  return {
    kind: "credit",
    number: String(row.number),
    billingReference: row.subtype === "standard" ? `${row.credits}-B` : String(row.credits),
    reason: row.refund_reason ? `Partial refund / استرداد جزئي: ${row.refund_reason}` : CANCEL_REASON,
  };
}

/** A line's name in Arabic and English, each with its options ("كبسة (حار) / Kabsa (Spicy)"). */
const lineName = (l: Line): string => {
  const named = (name: string, options: string[]) => (options.length ? `${name} (${options.join(", ")})` : name);
  const ar = named(
    l.name_ar,
    l.options.map((o) => o.sub_name_ar),
  );
  const en = named(
    l.name_en,
    l.options.map((o) => o.sub_name_en),
  );
  return [...new Set([ar, en].map((s) => s.trim()).filter(Boolean))].join(" / ") || "-";
};

/** The document's input for counter `icv` after hash `pih`. Throws a RangeError when the row cannot be a Phase-2 document. */
export function phase2Input(row: StampRow, chain: { uuid: string; icv: number; pih: string }): ZatcaDocument {
  const seller = JSON.parse(row.seller) as {
    legal_name_en?: string | null;
    legal_name_ar?: string | null;
    trn?: string | null;
    address?: string | null;
    crn?: string | null;
    national_address?: Partial<Record<"street" | "building" | "district" | "city" | "postal_code", string | null>> | null;
  };
  const national = seller.national_address ?? {};
  const lines = JSON.parse(row.lines) as Line[];
  const [issueDate, issueTime] = isoWithOffset(row.issued_at, branchZone(row.time_zone)).slice(0, 19).split("T") as [string, string];
  const buyer = row.buyer ? (JSON.parse(row.buyer) as ZatcaDocument["buyer"]) : undefined;
  return {
    ...numbering(row),
    subtype: row.subtype,
    ...chain,
    issueDate,
    issueTime,
    seller: {
      name: seller.legal_name_ar?.trim() || seller.legal_name_en?.trim() || "-",
      vatNumber: seller.trn?.trim() ?? "",
      ...(seller.crn ? { crn: seller.crn } : {}),
      // The national address the tax screen asks a Saudi seller for; without one, its free-text address as the street.
      address: {
        street: national.street || seller.address?.trim() || "-",
        building: national.building ?? "",
        district: national.district ?? "",
        city: national.city ?? "",
        postalCode: national.postal_code ?? "",
      },
    },
    ...(buyer ? { buyer } : {}),
    ...saleParts(
      {
        lines: lines.map((l) => ({ name: lineName(l), quantity: l.amount, unit: l.unit_minor })),
        service: row.service_minor,
        vatBp: row.vat_bp,
        taxable: row.total_minor - row.tip_minor,
        vat: row.vat_minor,
      },
      "Service charge / رسوم الخدمة",
    ),
    paymentMeans: row.payment === "online" ? "48" : "10",
  };
}
