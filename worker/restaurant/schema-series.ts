// Object schema version 14 (docs/decisions/0060): invoices and credit notes get separate gap-free series.
// The number is unique per kind, no longer per table, so the table is rebuilt with its own row id; every
// stored document keeps its number (a credit note's `credits` still names its invoice's number).

export const SEPARATE_SERIES_SCHEMA: readonly string[] = [
  `CREATE TABLE invoices_by_series (
    id INTEGER PRIMARY KEY,
    number INTEGER NOT NULL CHECK (number >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit')),
    order_id INTEGER NOT NULL REFERENCES orders(id),
    credits INTEGER,
    issued_at INTEGER NOT NULL,
    currency TEXT NOT NULL,
    vat_bp INTEGER NOT NULL,
    total_minor INTEGER NOT NULL,
    vat_minor INTEGER NOT NULL,
    service_minor INTEGER NOT NULL DEFAULT 0,
    tip_minor INTEGER NOT NULL DEFAULT 0,
    seller TEXT NOT NULL CHECK (json_valid(seller)),
    CHECK ((kind = 'credit') = (credits IS NOT NULL))
  )`,
  `INSERT INTO invoices_by_series (number, kind, order_id, credits, issued_at, currency, vat_bp, total_minor, vat_minor, service_minor, tip_minor, seller)
   SELECT number, kind, order_id, credits, issued_at, currency, vat_bp, total_minor, vat_minor, service_minor, tip_minor, seller FROM invoices ORDER BY number`,
  "DROP TABLE invoices",
  "ALTER TABLE invoices_by_series RENAME TO invoices",
  // One number per series, one document of each kind per order.
  "CREATE UNIQUE INDEX invoices_series ON invoices (kind, number)",
  "CREATE UNIQUE INDEX invoices_order_kind ON invoices (order_id, kind)",
  "CREATE INDEX invoices_issued ON invoices (issued_at)",
];
