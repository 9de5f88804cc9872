// The arithmetic ZATCA checks on a document (verify.ts's part): each line's net, VAT and rounding amount,
// each category's VAT, the two TaxTotals and the monetary totals, with amounts read back to halalas.
// Rule codes are the XML Implementation Standard's (BR-KSA-*, and EN 16931's BR-CO-*, BR-S-*).
import { vatOf } from "./amounts";
import { error, type ZatcaMessage } from "./messages";
import { childrenNamed, find, textOf, type XmlElement } from "./xml";

/** "12.34" → 1234 halalas; NaN for a value with more than two decimals or no number. */
const halalas = (text: string): number => (/^-?\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : NaN);

/** A percent "15.00" → 1500 basis points. */
const basisPoints = (text: string): number => Math.round(Number(text) * 100);

/** The amount at a path in halalas; 0 when the element is absent (an optional total). */
const amount = (at: XmlElement | undefined, ...path: string[]): number => {
  const element = find(at, ...path);
  return element ? halalas(textOf(element)) : 0;
};

/** The allowances (negative) and charges (positive) directly under an element, in halalas. */
const allowanceCharges = (at: XmlElement) =>
  childrenNamed(at, "cac:AllowanceCharge").map((ac) => ({
    amount: (textOf(find(ac, "cbc:ChargeIndicator")) === "true" ? 1 : -1) * amount(ac, "cbc:Amount"),
    category: textOf(find(ac, "cac:TaxCategory", "cbc:ID")),
    bp: basisPoints(textOf(find(ac, "cac:TaxCategory", "cbc:Percent"))),
  }));

export const totalsProblems = (root: XmlElement): ZatcaMessage[] => {
  const problems: ZatcaMessage[] = [];
  const expect = (code: string, got: number, want: number, what: string) => {
    if (!(got === want))
      problems.push(
        error(
          "KSA",
          code,
          `${what}: ${Number.isNaN(got) ? "not an amount with at most 2 decimals" : (got / 100).toFixed(2)}, expected ${(want / 100).toFixed(2)}`,
        ),
      );
  };
  const taxable = new Map<string, number>();
  const addTaxable = (category: string, bp: number, value: number) => taxable.set(`${category}/${bp}`, (taxable.get(`${category}/${bp}`) ?? 0) + value);
  let lineTotal = 0;
  for (const line of childrenNamed(root, "cac:InvoiceLine")) {
    const id = textOf(find(line, "cbc:ID"));
    const net = amount(line, "cbc:LineExtensionAmount");
    const quantity = Number(textOf(find(line, "cbc:InvoicedQuantity")));
    const price = Math.round(Number(textOf(find(line, "cac:Price", "cbc:PriceAmount"))) * 100);
    const adjustments = allowanceCharges(line).reduce((sum, ac) => sum + ac.amount, 0);
    expect("BR-KSA-EN16931-11", net, Math.round(quantity * price) + adjustments, `line ${id}'s net amount`);
    const bp = basisPoints(textOf(find(line, "cac:Item", "cac:ClassifiedTaxCategory", "cbc:Percent")));
    const vat = amount(line, "cac:TaxTotal", "cbc:TaxAmount");
    expect("BR-KSA-50", vat, vatOf(net, bp), `line ${id}'s VAT`);
    expect("BR-KSA-51", amount(line, "cac:TaxTotal", "cbc:RoundingAmount"), net + vat, `line ${id}'s amount with VAT`);
    addTaxable(textOf(find(line, "cac:Item", "cac:ClassifiedTaxCategory", "cbc:ID")), bp, net);
    lineTotal += net;
  }
  const documentLevel = allowanceCharges(root);
  for (const ac of documentLevel) addTaxable(ac.category, ac.bp, ac.amount);
  const totals = find(root, "cac:LegalMonetaryTotal");
  expect("BR-CO-10", amount(totals, "cbc:LineExtensionAmount"), lineTotal, "the sum of line net amounts");
  const allowances = -documentLevel.filter((ac) => ac.amount < 0).reduce((sum, ac) => sum + ac.amount, 0);
  const charges = documentLevel.filter((ac) => ac.amount > 0).reduce((sum, ac) => sum + ac.amount, 0);
  expect("BR-CO-13", amount(totals, "cbc:TaxExclusiveAmount"), lineTotal - allowances + charges, "the total without VAT");
  const [first, second] = childrenNamed(root, "cac:TaxTotal");
  let vatTotal = 0;
  for (const subtotal of childrenNamed(second, "cac:TaxSubtotal")) {
    const category = textOf(find(subtotal, "cac:TaxCategory", "cbc:ID"));
    const bp = basisPoints(textOf(find(subtotal, "cac:TaxCategory", "cbc:Percent")));
    const base = amount(subtotal, "cbc:TaxableAmount");
    expect("BR-CO-18", base, taxable.get(`${category}/${bp}`) ?? 0, `category ${category} ${bp / 100}%'s taxable amount`);
    const vat = amount(subtotal, "cbc:TaxAmount");
    expect("BR-S-09", vat, vatOf(base, bp), `category ${category} ${bp / 100}%'s VAT`);
    vatTotal += vat;
  }
  expect("BR-CO-14", amount(second, "cbc:TaxAmount"), vatTotal, "the VAT total with subtotals");
  expect("BR-KSA-EN16931-08", amount(first, "cbc:TaxAmount"), vatTotal, "the VAT total in SAR");
  const inclusive = amount(totals, "cbc:TaxInclusiveAmount");
  expect("BR-CO-15", inclusive, amount(totals, "cbc:TaxExclusiveAmount") + vatTotal, "the total with VAT");
  const payable = inclusive - amount(totals, "cbc:PrepaidAmount") + amount(totals, "cbc:PayableRoundingAmount");
  expect("BR-CO-16", amount(totals, "cbc:PayableAmount"), payable, "the amount due");
  return problems;
};
