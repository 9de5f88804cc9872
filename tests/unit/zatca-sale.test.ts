// A VAT-inclusive restaurant sale as a ZATCA document (worker/zatca/sale.ts): the payable is the taxable
// total the diner paid (the tip stays off the tax document, decision 0073), the document's VAT is the
// order's or within a halala of it, every amount is whole halalas, and the signed document passes
// ZATCA's arithmetic and signature checks (verify.ts), over priced orders with service charges and tips.
import { describe, expect, it } from "vitest";
import { documentAmounts } from "../../worker/zatca/amounts";
import { saleParts, type Sale } from "../../worker/zatca/sale";
import { signDocument } from "../../worker/zatca/sign";
import { documentXml } from "../../worker/zatca/ubl";
import { verifyDocument } from "../../worker/zatca/verify";
import { orderAmounts } from "../../worker/rules/vat";
import { restaurantInvoice, SDK_CERTIFICATE, SDK_PRIVATE_KEY } from "./zatca-samples";

/** A sale as the order path prices it (worker/rules/vat.ts orderAmounts), SAR at 15 %. */
const priced = (lines: { unit: number; amount: number }[], serviceBp: number, tip = 0): Sale & { total: number; tip: number } => {
  const o = orderAmounts(lines, { vatBp: 1500, serviceBp }, tip);
  return {
    lines: lines.map((l, i) => ({ name: `Dish ${i + 1}`, quantity: l.amount, unit: o.lines[i]!.unit })),
    service: o.service,
    vatBp: 1500,
    taxable: o.taxable,
    vat: o.vat,
    total: o.total,
    tip: o.tip,
  };
};

const signed = (sale: Sale) =>
  signDocument(documentXml(restaurantInvoice({ ...saleParts(sale, "Service charge") })), {
    certificate: SDK_CERTIFICATE,
    privateKey: SDK_PRIVATE_KEY,
    signingTime: new Date("2026-11-29T10:00:00Z"),
  });

describe("a restaurant sale as a ZATCA document", () => {
  it("splits 2 × 45.00 kabsa, 3 × 9.99 tea, 10 % service and a 8.00 tip: payable 131.97, the 8.00 tip left out", () => {
    const sale = priced(
      [
        { unit: 4500, amount: 2 },
        { unit: 999, amount: 3 },
      ],
      1000,
      800,
    );
    expect([sale.taxable, sale.vat, sale.tip, sale.total]).toEqual([13197, 1721, 800, 13997]);
    const parts = saleParts(sale, "Service charge");
    const amounts = documentAmounts(parts);
    expect(amounts.payable).toBe(sale.taxable);
    expect(amounts.taxExclusive).toBe(sale.taxable - sale.vat);
    expect(amounts.vat).toBe(sale.vat);
    // 45.00 holds 39.13 net (5.87 VAT); 3 × 9.99 = 29.97 holds 26.06 net: 8.69 a cup, less 0.01.
    expect(parts.lines.map((l) => [l.quantity, l.unitPrice, l.discount ?? 0])).toEqual([
      [2, 3913, 0],
      [3, 869, 1],
    ]);
    const xml = signed(sale).xml;
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">131.97</cbc:PayableAmount>');
    expect(xml).not.toContain("139.97");
    expect(verifyDocument(xml)).toEqual([]);
  });

  it("lands the payable on the taxable total with whole halalas over many priced orders (VAT within a halala)", () => {
    let seed = 37;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let run = 0; run < 300; run++) {
      const lines = Array.from({ length: 1 + random(5) }, () => ({ unit: random(20000), amount: 1 + random(7) }));
      if (lines.every((l) => l.unit === 0)) lines[0]!.unit = 1;
      const sale = priced(lines, [0, 500, 1000, 1250][random(4)]!, random(3000));
      const parts = saleParts(sale, "Service charge");
      const amounts = documentAmounts(parts);
      expect(amounts.payable).toBe(sale.taxable);
      expect(amounts.taxExclusive).toBe(sale.taxable - sale.vat);
      expect(Math.abs(amounts.vat - sale.vat)).toBeLessThanOrEqual(1);
      for (const l of parts.lines) expect(l.discount ?? 0).toBeLessThan(l.quantity);
    }
  });

  it("passes ZATCA's arithmetic on a sale whose VAT lands a halala off (rounding carried by PayableRoundingAmount)", () => {
    let found: Sale | null = null;
    for (let unit = 1; unit < 5000 && !found; unit++) {
      const sale = priced([{ unit, amount: 3 }], 0);
      if (documentAmounts(saleParts(sale, "Service")).vat !== sale.vat) found = sale;
    }
    expect(found).not.toBeNull();
    const xml = signed(found!).xml;
    expect(xml).toContain("<cbc:PayableRoundingAmount");
    expect(verifyDocument(xml)).toEqual([]);
  });

  it("refuses a sale without VAT (a receipt stays phase 1)", () => {
    expect(() => saleParts({ ...priced([{ unit: 1000, amount: 1 }], 0), vatBp: 0 }, "Service")).toThrow(RangeError);
  });
});
