// ZATCA's arithmetic of a document, in halalas (BR-KSA-EN16931-11, BR-KSA-51, BR-S-09, BR-CO-10..16):
// a line's net = quantity × net unit price − its discount; its VAT (KSA-11) = net × rate rounded half up
// to a halala, and its RoundingAmount (KSA-12) = net + VAT; per category and rate the taxable amount is the
// sum of the lines' nets and charges in it and its VAT is taxable × rate rounded once (not a sum of rounded
// lines); the document's VAT is the sum of those; the totals follow. Also writes halalas as "12.34".
import type { ZatcaDocument, ZatcaTax } from "./document";

/** Halalas written with two decimals: 1234 → "12.34", -1 → "-0.01". */
export const sar = (halalas: number): string => {
  if (!Number.isSafeInteger(halalas)) throw new RangeError(`an amount must be whole halalas, got ${halalas}`);
  const abs = Math.abs(halalas);
  return `${halalas < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** A rate in basis points written as a percent with two decimals: 1500 → "15.00". */
export const percent = (bp: number): string => sar(bp);

/** amount × bp / 10000 rounded half up (away from zero), for an amount of either sign. */
export const vatOf = (amount: number, bp: number): number => Math.sign(amount) * Math.round((Math.abs(amount) * bp) / 10000);

export interface TaxSubtotal extends ZatcaTax {
  taxable: number;
  vat: number;
}

export interface DocumentAmounts {
  lines: { net: number; vat: number }[];
  subtotals: TaxSubtotal[];
  lineTotal: number;
  chargeTotal: number;
  taxExclusive: number;
  vat: number;
  taxInclusive: number;
  payable: number;
}

const check = (name: string, value: number, min = 0) => {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${value}`);
};

/** The document's amounts. Throws a RangeError for a quantity, price, discount or charge that is not a whole non-negative number. */
export const documentAmounts = (doc: Pick<ZatcaDocument, "lines" | "charges" | "payableRounding">): DocumentAmounts => {
  const subtotals = new Map<string, TaxSubtotal>();
  const add = (tax: ZatcaTax, amount: number) => {
    check("a VAT rate", tax.vatBp);
    const key = `${tax.category}/${tax.vatBp}`;
    const entry = subtotals.get(key) ?? { category: tax.category, vatBp: tax.vatBp, exemption: tax.exemption, taxable: 0, vat: 0 };
    entry.taxable += amount;
    subtotals.set(key, entry);
  };
  const lines = doc.lines.map((line) => {
    check("a quantity", line.quantity, 1);
    check("a unit price", line.unitPrice);
    check("a discount", line.discount ?? 0);
    const net = line.quantity * line.unitPrice - (line.discount ?? 0);
    check("a line's net amount", net);
    add(line, net);
    return { net, vat: vatOf(net, line.vatBp) };
  });
  for (const charge of doc.charges ?? []) {
    check("a charge", charge.amount);
    add(charge, charge.amount);
  }
  for (const entry of subtotals.values()) entry.vat = vatOf(entry.taxable, entry.vatBp);
  const lineTotal = lines.reduce((sum, l) => sum + l.net, 0);
  const chargeTotal = (doc.charges ?? []).reduce((sum, c) => sum + c.amount, 0);
  const vat = [...subtotals.values()].reduce((sum, s) => sum + s.vat, 0);
  const taxExclusive = lineTotal + chargeTotal;
  const rounding = doc.payableRounding ?? 0;
  if (!Number.isSafeInteger(rounding)) throw new RangeError(`payableRounding must be whole halalas, got ${rounding}`);
  return {
    lines,
    subtotals: [...subtotals.values()],
    lineTotal,
    chargeTotal,
    taxExclusive,
    vat,
    taxInclusive: taxExclusive + vat,
    payable: taxExclusive + vat + rounding,
  };
};
