// A restaurant sale priced VAT-inclusive (worker/rules/vat.ts) as a ZATCA document's lines, service charge
// and payable rounding (docs/decisions/0073): each line's and the service's net is its gross minus the VAT
// inside it, the remainder that makes the nets add up to the sale's own net (taxable − VAT) lands on the
// service charge (else the largest line), a net that does not divide by the quantity becomes a whole-halala
// unit price with a line discount, and PayableRoundingAmount makes the payable the taxable total the diner
// paid for the supply. The tip is no supply (decision 0060): it is not on the tax document.
import { includedVat } from "../rules/vat";
import type { ZatcaDocument, ZatcaLine } from "./document";
import { documentAmounts } from "./amounts";

/** A sale as the order stored it, in halalas: lines at their VAT-inclusive unit price, the service charge, the taxable total and its VAT. */
export interface Sale {
  lines: { name: string; quantity: number; unit: number }[];
  service: number;
  vatBp: number;
  taxable: number;
  vat: number;
}

/** The parts of a document a sale gives, at the standard rate (category S). Throws a RangeError on a sale without VAT or whose amounts disagree. */
export const saleParts = (sale: Sale, serviceReason: string): Pick<ZatcaDocument, "lines" | "charges" | "payableRounding"> => {
  if (!(sale.vatBp > 0)) throw new RangeError("a Phase-2 document needs the standard rate above 0");
  if (sale.lines.length === 0) throw new RangeError("a sale needs at least one line");
  const netOf = (gross: number) => gross - includedVat(gross, sale.vatBp);
  const nets = sale.lines.map((l) => netOf(l.unit * l.quantity));
  let serviceNet = netOf(sale.service);
  const remainder = sale.taxable - sale.vat - nets.reduce((a, b) => a + b, 0) - serviceNet;
  if (sale.service > 0 && serviceNet + remainder >= 0) serviceNet += remainder;
  else {
    const largest = nets.indexOf(Math.max(...nets));
    nets[largest]! += remainder;
    if (nets[largest]! < 0) throw new RangeError("the sale's net does not agree with its lines");
  }
  const lines: ZatcaLine[] = sale.lines.map((l, i) => {
    const unitPrice = Math.ceil(nets[i]! / l.quantity);
    const discount = unitPrice * l.quantity - nets[i]!;
    return { name: l.name, quantity: l.quantity, unitPrice, ...(discount ? { discount } : {}), category: "S", vatBp: sale.vatBp };
  });
  const charges = sale.service > 0 ? [{ reason: serviceReason, amount: serviceNet, category: "S" as const, vatBp: sale.vatBp }] : [];
  const { taxInclusive } = documentAmounts({ lines, charges });
  return { lines, charges, payableRounding: sale.taxable - taxInclusive };
};
