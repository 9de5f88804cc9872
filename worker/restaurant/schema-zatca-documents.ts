// Object schema version 19 (docs/decisions/0073): the seller's CRN and national address, and each Phase-2
// document of an onboarded Saudi branch. A
// trigger on the invoices marks, in the transaction that issues an invoice or credit note, that it needs
// a stamp when its branch's EGS is active and the document shows VAT in SAR (a receipt stays phase 1);
// the object then stamps it (./zatca-stamp.ts: counter, chain, XML, signature, QR) and reports or clears
// it (./zatca-reports.ts). One counter per EGS, never twice: the chain cannot fork. A diner's B2B request adds
// a standard invoice for the same sale (purpose 'b2b', cleared before it is shown) and, once cleared, the
// credit note voiding the simplified one (purpose 'void'); a later cancel's credit note is then standard.

export const ZATCA_DOCUMENTS_SCHEMA: readonly string[] = [
  // The seller's commercial registration number and national address parts, as a Saudi tax document
  // names its seller (BR-KSA-08, 09, 37, 66): JSON {street, building, district, city, postal_code}.
  "ALTER TABLE seller ADD COLUMN crn TEXT CHECK (crn IS NULL OR length(crn) <= 20)",
  "ALTER TABLE seller ADD COLUMN national_address TEXT CHECK (national_address IS NULL OR json_valid(national_address))",
  `CREATE TABLE zatca_documents (
    id INTEGER PRIMARY KEY,
    invoice_id INTEGER NOT NULL REFERENCES invoices(id),
    branch_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('simplified', 'standard')),
    purpose TEXT NOT NULL DEFAULT 'issue' CHECK (purpose IN ('issue', 'b2b', 'void')),
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
    CHECK (state <> 'unsigned' OR icv IS NULL),
    -- Only a B2B invoice that could not be signed fails without a counter.
    CHECK (icv IS NOT NULL OR state = 'unsigned' OR (state = 'clearance_failed' AND purpose = 'b2b'))
  )`,
  // One document of each purpose per invoice row (a B2B request ZATCA did not clear may be asked again).
  "CREATE UNIQUE INDEX zatca_documents_invoice ON zatca_documents (invoice_id, purpose) WHERE state <> 'clearance_failed'",
  "CREATE UNIQUE INDEX zatca_documents_chain ON zatca_documents (branch_id, icv)",
  "CREATE INDEX zatca_documents_state ON zatca_documents (state, next_at)",
  // An import inserts the invoices before zatca_egs (tables go in name order, ./dump.ts) and so marks none.
  // A credit note of a sale a B2B invoice replaced is standard, for that buyer.
  `CREATE TRIGGER invoices_phase2 AFTER INSERT ON invoices
   WHEN NEW.currency = 'SAR' AND NEW.vat_bp > 0 AND coalesce(trim(json_extract(NEW.seller, '$.trn')), '') <> ''
     AND EXISTS (SELECT 1 FROM zatca_egs e JOIN orders o ON o.branch_id = e.branch_id WHERE o.id = NEW.order_id AND e.state = 'active')
   BEGIN
     INSERT INTO zatca_documents (invoice_id, branch_id, kind, buyer, created_at, updated_at)
     SELECT NEW.id, o.branch_id, CASE WHEN b.id IS NULL THEN 'simplified' ELSE 'standard' END, b.buyer, NEW.issued_at, NEW.issued_at
     FROM orders o LEFT JOIN zatca_documents b ON b.purpose = 'b2b' AND b.state = 'cleared'
       AND b.invoice_id = (SELECT i.id FROM invoices i WHERE i.order_id = NEW.order_id AND i.kind = 'invoice')
     WHERE o.id = NEW.order_id;
   END`,
];
