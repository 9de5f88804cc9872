// The UBL 2.1 document (worker/zatca/ubl.ts, amounts.ts): types and subtypes, ZATCA's rounding in
// halalas (line VAT per line, category VAT once on the category's taxable amount), the service charge,
// a credit note's reference and reason, escaping, and the inputs ZATCA would refuse.
import { describe, expect, it } from "vitest";
import { documentAmounts, sar, vatOf } from "../../worker/zatca/amounts";
import { documentXml } from "../../worker/zatca/ubl";
import { parseXml } from "../../worker/zatca/xml";
import { pick, restaurantInvoice } from "./zatca-samples";

describe("ZATCA's amounts", () => {
  it("writes halalas with two decimals and rounds VAT half up", () => {
    expect([sar(0), sar(5), sar(1234), sar(-1), sar(100000)]).toEqual(["0.00", "0.05", "12.34", "-0.01", "1000.00"]);
    expect([vatOf(10, 1500), vatOf(3, 1500), vatOf(4348 * 2, 1500), vatOf(-10, 1500)]).toEqual([2, 0, 1304, -2]);
    expect(() => sar(1.5)).toThrow(RangeError);
  });

  it("rounds each line's VAT, and each category's VAT once on its taxable amount", () => {
    const amounts = documentAmounts(restaurantInvoice());
    expect(amounts.lines).toEqual([
      { net: 8696, vat: 1304 },
      { net: 2609, vat: 391 },
    ]);
    expect(amounts.subtotals).toEqual([expect.objectContaining({ category: "S", vatBp: 1500, taxable: 12305, vat: 1846 })]);
    expect(amounts).toMatchObject({ lineTotal: 11305, chargeTotal: 1000, taxExclusive: 12305, vat: 1846, taxInclusive: 14151, payable: 14151 });
    const threeTeas = documentAmounts({ lines: [1, 2, 3].map(() => ({ name: "t", quantity: 1, unitPrice: 3, category: "S" as const, vatBp: 1500 })) });
    expect(threeTeas.lines.reduce((sum, l) => sum + l.vat, 0)).toBe(0);
    expect(threeTeas.vat).toBe(1);
  });

  it("keeps zero-rated and exempt lines in categories of their own", () => {
    const exemption = { code: "VATEX-SA-29", reason: "Financial services" };
    const amounts = documentAmounts({
      lines: [
        { name: "a", quantity: 1, unitPrice: 1000, category: "S", vatBp: 1500 },
        { name: "b", quantity: 1, unitPrice: 500, category: "E", vatBp: 0, exemption },
      ],
    });
    expect(amounts.subtotals.map((s) => [s.category, s.taxable, s.vat])).toEqual([
      ["S", 1000, 150],
      ["E", 500, 0],
    ]);
  });
});

describe("the document's XML", () => {
  it("is a simplified tax invoice with its counter, chain, parties, charge, two TaxTotals and totals", () => {
    const xml = documentXml(restaurantInvoice());
    expect(parseXml(xml).root.name).toBe("Invoice");
    expect(pick(xml, /(<cbc:InvoiceTypeCode[^<]+)</)).toBe('<cbc:InvoiceTypeCode name="0200000">388');
    expect(pick(xml, /<cbc:ID>ICV<\/cbc:ID>\s*<cbc:UUID>([^<]+)</)).toBe("1");
    expect(pick(xml, /<cbc:ID>PIH<\/cbc:ID>[\s\S]*?>([^<]+)<\/cbc:EmbeddedDocumentBinaryObject>/)).toBe(
      "NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==",
    );
    expect(xml).toContain('<cbc:ID schemeID="CRN">1010010000</cbc:ID>');
    expect(xml).toContain("<cbc:ChargeIndicator>true</cbc:ChargeIndicator>");
    expect(xml.match(/<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="SAR">18.46</g)).toHaveLength(2);
    expect(xml).toContain('<cbc:RoundingAmount currencyID="SAR">100.00</cbc:RoundingAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">141.51</cbc:PayableAmount>');
    expect(xml).toContain("<cac:AccountingCustomerParty>\n    </cac:AccountingCustomerParty>");
    expect(xml).not.toContain("cac:Delivery");
  });

  it("escapes Arabic names with & and < and keeps them readable", () => {
    const xml = documentXml(restaurantInvoice());
    expect(xml).toContain("<cbc:RegistrationName>مطعم النخيل &amp; &lt;أبناؤه&gt;</cbc:RegistrationName>");
    expect(xml).toContain("<cbc:Name>Tea &amp; mint</cbc:Name>");
    expect(() => documentXml(restaurantInvoice({ number: "A\u0001" }))).toThrow(RangeError);
  });

  it("writes a credit note (381) and a standard debit note (383) with the invoice they correct and why", () => {
    const credit = documentXml(restaurantInvoice({ kind: "credit", billingReference: "INV-000001", reason: "Order cancelled" }));
    expect(credit).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(pick(credit, /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>([^<]+)</)).toBe("INV-000001");
    expect(pick(credit, /<cbc:InstructionNote>([^<]+)</)).toBe("Order cancelled");
    const buyer = {
      name: "شركة الضيافة",
      vatNumber: "399999999800003",
      address: { street: "s", building: "1111", district: "d", city: "c", postalCode: "12222" },
    };
    const debit = documentXml(
      restaurantInvoice({ kind: "debit", subtype: "standard", buyer, billingReference: "INV-000001", reason: "Price change", payableRounding: -1 }),
    );
    expect(debit).toContain('<cbc:InvoiceTypeCode name="0100000">383</cbc:InvoiceTypeCode>');
    expect(pick(debit, /<cbc:ActualDeliveryDate>([^<]+)</)).toBe("2026-11-29");
    expect(debit).toContain('<cbc:PayableRoundingAmount currencyID="SAR">-0.01</cbc:PayableRoundingAmount>');
    expect(debit).toContain('<cbc:PayableAmount currencyID="SAR">141.50</cbc:PayableAmount>');
  });

  it("refuses what ZATCA would refuse", () => {
    expect(() => documentXml(restaurantInvoice({ kind: "credit" }))).toThrow(/invoice it corrects/);
    expect(() => documentXml(restaurantInvoice({ subtype: "standard" }))).toThrow(/buyer/);
    expect(() => documentXml(restaurantInvoice({ icv: 0 }))).toThrow(/counter/);
    expect(() => documentXml(restaurantInvoice({ issueTime: "1:45 pm" }))).toThrow(/HH:MM:SS/);
    expect(() => documentXml(restaurantInvoice({ lines: [] }))).toThrow(/line/);
    expect(() => documentXml(restaurantInvoice({ lines: [{ name: "x", quantity: 1, unitPrice: 100, category: "Z", vatBp: 0 }] }))).toThrow(/exemption/);
    expect(() => documentXml(restaurantInvoice({ lines: [{ name: "x", quantity: 0, unitPrice: 100, category: "S", vatBp: 1500 }] }))).toThrow(/quantity/);
    expect(() => documentXml(restaurantInvoice({ seller: { ...restaurantInvoice().seller, vatNumber: "123" } }))).toThrow(/VAT number/);
  });
});
