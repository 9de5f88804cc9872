// Object schema version 19 (docs/decisions/0073): each Phase-2 document of an onboarded Saudi branch. A
// trigger on the invoices marks, in the transaction that issues an invoice or credit note, that it needs
// a stamp when its branch's EGS is active and the document shows VAT in SAR (a receipt stays phase 1);
// the object then stamps it (./zatca-stamp.ts: counter, chain, XML, signature, QR) and reports or clears
// it (./zatca-reports.ts). One counter per EGS, never twice: the chain cannot fork.

export const ZATCA_DOCUMENTS_SCHEMA: readonly string[] = [
  `CREATE TABLE zatca_documents (
    id INTEGER PRIMARY KEY,
    invoice_id INTEGER NOT NULL REFERENCES invoices(id),
    branch_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('simplified', 'standard')),
    buyer TEXT CHECK (buyer IS NULL OR json_valid(buyer)),
    uuid TEXT UNIQUE,
    icv INTEGER CHECK (icv IS NULL OR icv >= 1),
    hash TEXT,
    pih TEXT,
    xml TEXT,
    qr TEXT,
    state TEXT NOT NULL DEFAULT 'unsigned'
      CHECK (state IN ('unsigned', 'pending', 'reported', 'warnings', 'rejected', 'cleared', 'clearance_failed')),
    messages TEXT CHECK (messages IS NULL OR json_valid(messages)),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER,
    queued_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK ((state = 'unsigned') = (icv IS NULL))
  )`,
  "CREATE UNIQUE INDEX zatca_documents_invoice ON zatca_documents (invoice_id, kind)",
  "CREATE UNIQUE INDEX zatca_documents_chain ON zatca_documents (branch_id, icv)",
  "CREATE INDEX zatca_documents_state ON zatca_documents (state, next_at)",
  // An import inserts the invoices before zatca_egs (tables go in name order, ./dump.ts) and so marks none.
  `CREATE TRIGGER invoices_phase2 AFTER INSERT ON invoices
   WHEN NEW.currency = 'SAR' AND NEW.vat_bp > 0 AND coalesce(trim(json_extract(NEW.seller, '$.trn')), '') <> ''
     AND EXISTS (SELECT 1 FROM zatca_egs e JOIN orders o ON o.branch_id = e.branch_id WHERE o.id = NEW.order_id AND e.state = 'active')
   BEGIN
     INSERT INTO zatca_documents (invoice_id, branch_id, kind, created_at, updated_at)
     SELECT NEW.id, o.branch_id, 'simplified', NEW.issued_at, NEW.issued_at FROM orders o WHERE o.id = NEW.order_id;
   END`,
];
