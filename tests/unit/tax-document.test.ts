// A sale's document (worker/rules/tax-document.ts, docs/decisions/0060): a tax invoice only for a seller
// with a VAT number selling at a rate above 0, a receipt for everyone else (Kuwait, Qatar, no VAT number),
// and a credit note stays a credit note.
import { describe, expect, it } from "vitest";
import { documentTitle, showsVat } from "../../worker/rules/tax-document";
import { defaultVatBp } from "../../worker/rules/vat";

describe("receipt or tax invoice", () => {
  it("issues a tax invoice for a registered seller in a country with VAT", () => {
    expect(documentTitle({ kind: "invoice", trn: "310122393500003", vatBp: defaultVatBp("SA") })).toBe("invoice");
    expect(documentTitle({ kind: "invoice", trn: "100123456700003", vatBp: defaultVatBp("AE") })).toBe("invoice");
  });

  it("issues a receipt with no VAT in Kuwait and Qatar, and for a seller with no VAT number", () => {
    expect(documentTitle({ kind: "invoice", trn: null, vatBp: defaultVatBp("KW") })).toBe("receipt");
    expect(documentTitle({ kind: "invoice", trn: "123", vatBp: defaultVatBp("QA") })).toBe("receipt");
    expect(documentTitle({ kind: "invoice", trn: null, vatBp: 500 })).toBe("receipt");
    expect(documentTitle({ kind: "invoice", trn: "  ", vatBp: 1500 })).toBe("receipt");
    expect(showsVat({ trn: undefined, vatBp: 1500 })).toBe(false);
  });

  it("keeps a credit note a credit note, with VAT only when its invoice had it", () => {
    expect(documentTitle({ kind: "credit", trn: null, vatBp: 0 })).toBe("credit");
    expect(documentTitle({ kind: "credit", trn: "310122393500003", vatBp: 1500 })).toBe("credit");
    expect(showsVat({ trn: "310122393500003", vatBp: 1500 })).toBe(true);
  });
});
