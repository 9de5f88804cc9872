// The one home of VAT and charges arithmetic (docs/decisions/0053): each Gulf country's
// standard rate, the VAT inside a VAT-inclusive price, and an order's lines, service charge, VAT (once per
// document, docs/decisions/0060), tip and total. Money is always an integer in the currency's minor units
// (1250 = 12.50 AED, 1500 = 1.500 KWD), rates are integer basis points (500 = 5%), and every sum is done
// in integers. Pure (its one import, ./money.ts, is too): the diner's bundle, the console and the worker
// can all take it as it is.
import { onStep } from "./money";

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

/**
 * A restaurant's charges: its VAT rate and its service charge, both in basis points, and the step every
 * charged amount is a multiple of (money.ts `chargeStep`: 10 fils in a three-decimal currency, whose card
 * amounts Stripe takes only in tens; 1 otherwise and by default).
 */
export interface Charges {
  vatBp: number;
  serviceBp: number;
  step?: number;
}

/**
 * An order's amounts, all in minor units (docs/decisions/0060):
 * - each line's unit price (dish and options, VAT-inclusive) is rounded half up to the step, and its
 *   gross is unit × amount; subtotal is their sum;
 * - service is a charge added on top, subtotal × serviceBp / 10000 rounded half up to the step, itself
 *   VAT-inclusive at the same rate;
 * - taxable = subtotal + service, the VAT-inclusive total of the supply; vat is the VAT inside it,
 *   includedVat(taxable, vatBp), once per document and rate (never a sum of rounded lines);
 * - tip is voluntary, not a supply: outside VAT, rounded half up to the step, after the taxable total;
 * - total = taxable + tip, the amount paid.
 * Throws a RangeError for a unit, amount or tip that is not a non-negative integer, a rate outside
 * 0..10000 basis points, a step that is not a positive integer, or an amount too large to count exactly.
 */
export const orderAmounts = (
  lines: readonly { unit: number; amount: number }[],
  charges: Charges,
  tip = 0,
): { lines: { unit: number; gross: number }[]; subtotal: number; service: number; taxable: number; vat: number; tip: number; total: number } => {
  const step = charges.step ?? 1;
  if (!Number.isSafeInteger(step) || step < 1) throw new RangeError(`step must be a positive integer, got ${step}`);
  checkBp("vatBp", charges.vatBp);
  checkBp("serviceBp", charges.serviceBp);
  checkAmount("tip", tip);
  const toStep = (amount: number) => {
    const stepped = onStep(amount, step);
    checkAmount("amount on its step", stepped);
    return stepped;
  };
  const priced = lines.map(({ unit, amount }) => {
    checkAmount("unit", unit);
    checkAmount("amount", amount);
    const stepped = toStep(unit);
    const gross = stepped * amount;
    checkAmount("line total", gross);
    return { unit: stepped, gross };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.gross, 0);
  checkAmount("subtotal", subtotal);
  const service = roundedQuotient(BigInt(subtotal) * BigInt(charges.serviceBp), 10000n * BigInt(step)) * step;
  const taxable = subtotal + service;
  const tipped = toStep(tip);
  const total = taxable + tipped;
  checkAmount("total", total);
  return { lines: priced, subtotal, service, taxable, vat: includedVat(taxable, charges.vatBp), tip: tipped, total };
};
