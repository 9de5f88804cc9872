// Which document a sale gets (docs/decisions/0060): a simplified tax invoice only when
// the seller is registered for VAT (a VAT number) and the sale carries VAT (a rate above 0); otherwise a
// receipt with no VAT lines: a Kuwaiti or Qatari restaurant, or one below the registration threshold.
// Pure: the worker (the QR) and the diner's invoice page read the same rule.

/** The title of a document: "credit" for a credit note, else "invoice" (tax invoice) or "receipt". */
export type DocumentTitle = "invoice" | "receipt" | "credit";

/** Whether a document shows VAT: its seller has a VAT number and its rate is above 0. */
export const showsVat = (doc: { trn: string | null | undefined; vatBp: number }): boolean => Boolean(doc.trn?.trim()) && doc.vatBp > 0;

/** A document's title: a credit note stays one; a sale is a tax invoice when it shows VAT, else a receipt. */
export const documentTitle = (doc: { kind: "invoice" | "credit"; trn: string | null | undefined; vatBp: number }): DocumentTitle =>
  doc.kind === "credit" ? "credit" : showsVat(doc) ? "invoice" : "receipt";
