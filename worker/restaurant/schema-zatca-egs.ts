// Object schema version 18 (docs/decisions/0072): each branch's ZATCA e-invoice generation solution (EGS),
// one row per branch. The private key and both CSID secrets are stored only as AES-GCM ciphertext under
// the deploy secret ZATCA_KEY_SECRET (./egs-seal.ts); the certificate and the counter/chain are in clear.
// `icv` and `pih` are the last counter and document hash the branch's documents used (issue 37 point 3
// advances them in the transaction that stamps a document).
import { FIRST_PIH } from "../zatca/document";

export const ZATCA_EGS_SCHEMA: readonly string[] = [
  `CREATE TABLE zatca_egs (
    branch_id INTEGER PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('compliance', 'active', 'failed')),
    environment TEXT NOT NULL CHECK (environment IN ('stand-in', 'sandbox', 'simulation', 'production')),
    common_name TEXT NOT NULL,
    serial TEXT NOT NULL,
    invoice_types TEXT NOT NULL CHECK (invoice_types IN ('0100', '1100')),
    compliance_token TEXT,
    compliance_secret TEXT,
    compliance_request_id TEXT,
    certificate TEXT,
    secret TEXT,
    key_cipher TEXT,
    key_iv TEXT,
    expires_at INTEGER,
    messages TEXT CHECK (messages IS NULL OR json_valid(messages)),
    icv INTEGER NOT NULL DEFAULT 0 CHECK (icv >= 0),
    pih TEXT NOT NULL DEFAULT '${FIRST_PIH}',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`,
];
