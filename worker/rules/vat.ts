// The one home of VAT and charges arithmetic (issue 26, point 2; docs/decisions/0053): each Gulf country's
// standard rate, the VAT inside a VAT-inclusive price, and an order's lines, service charge, VAT, tip and
// total. Money is always an integer in the currency's minor units (1250 = 12.50 AED, 1500 = 1.500 KWD),
// rates are integer basis points (500 = 5%), and every sum is done in integers. Pure, no imports: the
// diner's bundle, the console and the worker can all take it as it is.

/** Each country's standard VAT rate in basis points; Qatar and Kuwait levy none yet. */
const standardVatBp: ReadonlyMap<string, number> = new Map([
  ["AE", 500],
  ["SA", 1500],
  ["BH", 1000],
  ["OM", 500],
  ["QA", 0],
  ["KW", 0],
]);

/** The country's standard VAT rate in basis points (AE 500 = 5%, SA 1500 = 15%); 0 for a country not listed. */
export const defaultVatBp = (country: string): number => standardVatBp.get(country.toUpperCase()) ?? 0;

const checkAmount = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer (minor units), got ${value}`);
};

const checkBp = (name: string, bp: number): void => {
  if (!Number.isInteger(bp) || bp < 0 || bp > 10000) throw new RangeError(`${name} must be an integer from 0 to 10000 basis points, got ${bp}`);
};

/** Round-half-up of numerator / denominator, for non-negative integers, in BigInt so no size loses a unit. */
const roundedQuotient = (numerator: bigint, denominator: bigint): number => Number((2n * numerator + denominator) / (2n * denominator));

/**
 * The VAT contained in a VAT-inclusive amount: gross × bp / (10000 + bp), rounded half up to a whole
 * minor unit (10500 at 500 bp holds 500; 1150 at 1500 bp holds 150).
 */
export const includedVat = (gross: number, vatBp: number): number => {
  checkAmount("gross", gross);
  checkBp("vatBp", vatBp);
  return roundedQuotient(BigInt(gross) * BigInt(vatBp), BigInt(10000 + vatBp));
};

/** A restaurant's charges: its VAT rate and its service charge, both in basis points. */
export interface Charges {
  vatBp: number;
  serviceBp: number;
}

/**
 * An order's amounts, all in minor units:
 * - prices are VAT-inclusive: each line's gross is unit × amount and its VAT is includedVat(gross, vatBp),
 *   rounded per line (as each line would be printed on the receipt);
 * - subtotal is the sum of the lines' gross;
 * - service is a charge added on top, subtotal × serviceBp / 10000 rounded half up; it is itself
 *   VAT-inclusive at the same rate, and serviceVat = includedVat(service, vatBp);
 * - vat is the lines' VAT plus serviceVat;
 * - tip is voluntary, not a supply, so it carries no VAT;
 * - total = subtotal + service + tip.
 * Throws a RangeError for a unit, amount or tip that is not a non-negative integer, a rate outside
 * 0..10000 basis points, or an amount too large to count exactly.
 */
export const orderAmounts = (
  lines: readonly { unit: number; amount: number }[],
  charges: Charges,
  tip = 0,
): { lines: { gross: number; vat: number }[]; subtotal: number; service: number; serviceVat: number; vat: number; tip: number; total: number } => {
  checkBp("vatBp", charges.vatBp);
  checkBp("serviceBp", charges.serviceBp);
  checkAmount("tip", tip);
  const priced = lines.map(({ unit, amount }) => {
    checkAmount("unit", unit);
    checkAmount("amount", amount);
    const gross = unit * amount;
    checkAmount("line total", gross);
    return { gross, vat: includedVat(gross, charges.vatBp) };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.gross, 0);
  checkAmount("subtotal", subtotal);
  const service = roundedQuotient(BigInt(subtotal) * BigInt(charges.serviceBp), 10000n);
  const serviceVat = includedVat(service, charges.vatBp);
  const vat = priced.reduce((sum, line) => sum + line.vat, serviceVat);
  const total = subtotal + service + tip;
  checkAmount("total", total);
  return { lines: priced, subtotal, service, serviceVat, vat, tip, total };
};
