// VAT and charges (worker/rules/vat.ts, docs/decisions/0053): each Gulf country's standard rate, the VAT
// inside a VAT-inclusive price rounded half up in exact integers, and an order's amounts, whose total is
// exactly the lines plus service plus tip, whatever the lines, rates and tip.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultVatBp, includedVat, orderAmounts } from "../../worker/rules/vat";

describe("standard VAT rates", () => {
  it("knows each Gulf country's rate in basis points, in any case, and 0 elsewhere", () => {
    expect(["AE", "SA", "BH", "OM", "QA", "KW"].map(defaultVatBp)).toEqual([500, 1500, 1000, 500, 0, 0]);
    expect(["ae", "Sa", "bH"].map(defaultVatBp)).toEqual([500, 1500, 1000]);
    expect(["GB", "US", "", "constructor", "toString"].map(defaultVatBp)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("VAT inside a VAT-inclusive amount", () => {
  it("takes the rate's share of the gross", () => {
    expect(includedVat(10500, 500)).toBe(500);
    expect(includedVat(1150, 1500)).toBe(150);
    expect(includedVat(11000, 1000)).toBe(1000);
    expect(includedVat(0, 500)).toBe(0);
    expect(includedVat(0, 0)).toBe(0);
    expect(includedVat(12345, 0)).toBe(0);
  });

  it("rounds half up", () => {
    // At 5%, the VAT inside a gross is gross / 21: 31 holds 1.476…, 32 holds 1.523….
    expect(includedVat(31, 500)).toBe(1);
    expect(includedVat(32, 500)).toBe(2);
    // At 100% it is gross / 2, so an odd gross is a tie: 1 holds 0.5, 3 holds 1.5, 5 holds 2.5.
    expect(includedVat(1, 10000)).toBe(1);
    expect(includedVat(3, 10000)).toBe(2);
    expect(includedVat(5, 10000)).toBe(3);
  });

  it("stays exact for amounts far beyond a float's comfort", () => {
    expect(includedVat(10_500_000_000, 500)).toBe(500_000_000);
    expect(includedVat(11_500_000_000_005, 1500)).toBe(1_500_000_000_001); // 1 500 000 000 000.652…
    expect(includedVat(Number.MAX_SAFE_INTEGER, 10000)).toBe(4503599627370496); // half of 2^53 − 1, rounded up
  });

  it("rejects amounts and rates it cannot count in whole units", () => {
    expect(() => includedVat(-1, 500)).toThrow(RangeError);
    expect(() => includedVat(1.5, 500)).toThrow(RangeError);
    expect(() => includedVat(100, -1)).toThrow(RangeError);
    expect(() => includedVat(100, 10001)).toThrow(RangeError);
    expect(() => includedVat(100, 2.5)).toThrow(RangeError);
    expect(() => includedVat(Number.NaN, 500)).toThrow(RangeError);
  });
});

describe("an order's amounts", () => {
  it("adds the lines, a service charge and a tip, with VAT once on the taxable total and none on the tip", () => {
    // AED at 5% VAT and 10% service: 2 × 12.50 + 1 × 8.00 = 33.00; service 3.30; taxable 36.30 holds 1.728… VAT; tip 2.00.
    const order = orderAmounts(
      [
        { unit: 1250, amount: 2 },
        { unit: 800, amount: 1 },
      ],
      { vatBp: 500, serviceBp: 1000 },
      200,
    );
    expect(order).toEqual({
      lines: [
        { unit: 1250, gross: 2500 },
        { unit: 800, gross: 800 },
      ],
      subtotal: 3300,
      service: 330,
      taxable: 3630,
      vat: 173,
      tip: 200,
      total: 3830,
    });
  });

  it("computes VAT per document, not per line: 100 × 0.01 AED at 5 % holds 0.05", () => {
    // Rounded per line each 0.01 would hold 0.00 (0.000476…); the document's 1.00 holds 0.0476… → 0.05.
    expect(orderAmounts([{ unit: 1, amount: 100 }], { vatBp: 500, serviceBp: 0 }).vat).toBe(5);
    expect(
      orderAmounts(
        Array.from({ length: 100 }, () => ({ unit: 1, amount: 1 })),
        { vatBp: 500, serviceBp: 0 },
      ).vat,
    ).toBe(5);
    // 88.00 SAR with an 8.00 tip: the VAT is the 80.00's (10.43), not the 88.00's (11.48).
    const saudi = orderAmounts([{ unit: 8000, amount: 1 }], { vatBp: 1500, serviceBp: 0 }, 800);
    expect([saudi.taxable, saudi.vat, saudi.total]).toEqual([8000, 1043, 8800]);
  });

  it("prices KWD in fils with no VAT, and an empty order at zero", () => {
    expect(orderAmounts([{ unit: 1500, amount: 3 }], { vatBp: defaultVatBp("KW"), serviceBp: 0, step: 10 })).toEqual({
      lines: [{ unit: 1500, gross: 4500 }],
      subtotal: 4500,
      service: 0,
      taxable: 4500,
      vat: 0,
      tip: 0,
      total: 4500,
    });
    expect(orderAmounts([], { vatBp: 1500, serviceBp: 1000 })).toEqual({ lines: [], subtotal: 0, service: 0, taxable: 0, vat: 0, tip: 0, total: 0 });
  });

  it("keeps every KWD amount on the 10-fils step Stripe takes: units, service and tip rounded half up", () => {
    // 1.234 + option 0.125 = 1.359 → 1.360; × 2 = 2.720; 5 % service 0.136 → 0.140; tip 0.275 → 0.280.
    const order = orderAmounts([{ unit: 1359, amount: 2 }], { vatBp: 0, serviceBp: 500, step: 10 }, 275);
    expect(order).toMatchObject({ lines: [{ unit: 1360, gross: 2720 }], service: 140, taxable: 2860, tip: 280, total: 3140 });
    expect(orderAmounts([{ unit: 1354, amount: 1 }], { vatBp: 0, serviceBp: 0, step: 10 }).total).toBe(1350);
    expect(() => orderAmounts([{ unit: 100, amount: 1 }], { vatBp: 0, serviceBp: 0, step: 0 })).toThrow(RangeError);
  });

  it("rounds the service charge half up", () => {
    expect(orderAmounts([{ unit: 5, amount: 1 }], { vatBp: 0, serviceBp: 1000 }).service).toBe(1); // 0.5
    expect(orderAmounts([{ unit: 4, amount: 1 }], { vatBp: 0, serviceBp: 1000 }).service).toBe(0); // 0.4
    expect(orderAmounts([{ unit: 15, amount: 1 }], { vatBp: 0, serviceBp: 1000 }).service).toBe(2); // 1.5
  });

  it("rejects lines, tips and rates that are not whole and non-negative", () => {
    const charges = { vatBp: 500, serviceBp: 0 };
    expect(() => orderAmounts([{ unit: 12.5, amount: 1 }], charges)).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: -100, amount: 1 }], charges)).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: 100, amount: 0.5 }], charges)).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: 100, amount: -1 }], charges)).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: 100, amount: 1 }], charges, -1)).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: 100, amount: 1 }], charges, 0.5)).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: 100, amount: 1 }], { vatBp: 10001, serviceBp: 0 })).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: 100, amount: 1 }], { vatBp: 500, serviceBp: -1 })).toThrow(RangeError);
    expect(() => orderAmounts([{ unit: Number.MAX_SAFE_INTEGER, amount: 2 }], charges)).toThrow(RangeError);
  });

  const line = fc.record({ unit: fc.nat({ max: 10_000_000 }), amount: fc.nat({ max: 1000 }) });
  const lines = fc.array(line, { maxLength: 20 });
  const bp = fc.oneof(fc.constantFrom(0, 500, 1000, 1500, 10000), fc.integer({ min: 0, max: 10000 }));
  const charges = fc.record({ vatBp: bp, serviceBp: bp, step: fc.constantFrom(1, 10) });
  const tip = fc.nat({ max: 10_000_000_000 });
  const isAmount = (n: number) => Number.isSafeInteger(n) && n >= 0;

  it("always totals exactly the lines, the service charge and the tip, in whole units on the step", () => {
    fc.assert(
      fc.property(lines, charges, tip, (ls, c, t) => {
        const order = orderAmounts(ls, c, t);
        expect(order.subtotal).toBe(order.lines.reduce((sum, l, i) => sum + l.unit * ls[i]!.amount, 0));
        expect(order.taxable).toBe(order.subtotal + order.service);
        expect(order.total).toBe(order.taxable + order.tip);
        order.lines.forEach((l, i) => expect(Math.abs(l.unit - ls[i]!.unit) * 2).toBeLessThanOrEqual(c.step));
        expect(Math.abs(order.tip - t) * 2).toBeLessThanOrEqual(c.step);
        const values = [order.subtotal, order.service, order.vat, order.tip, order.total, ...order.lines.flatMap((l) => [l.unit, l.gross])];
        expect(values.every(isAmount)).toBe(true);
        expect(values.filter((n) => n !== order.vat).every((n) => n % c.step === 0)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("always puts in the order's VAT the VAT of its taxable total, never of the tip", () => {
    fc.assert(
      fc.property(lines, charges, tip, (ls, c, t) => {
        const order = orderAmounts(ls, c, t);
        expect(order.vat).toBe(includedVat(order.taxable, c.vatBp));
        expect(order.vat).toBeLessThanOrEqual(order.taxable);
        expect(orderAmounts(ls, c, 0).vat).toBe(order.vat);
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps the included VAT within half a unit of exact for any amount up to 10^10 and beyond", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 0, max: 10000 }), (gross, rate) => {
        const vat = includedVat(gross, rate);
        const denominator = BigInt(10000 + rate);
        const error = 2n * BigInt(vat) * denominator - 2n * BigInt(gross) * BigInt(rate);
        // Within half a unit, and a tie (error = +denominator) rounds up, never down.
        expect(-denominator < error && error <= denominator).toBe(true);
        expect(vat).toBeLessThanOrEqual(gross);
      }),
      { numRuns: 2000 },
    );
  });
});
