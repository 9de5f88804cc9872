// Object schema version 22 (docs/decisions/0083): partial refunds. An order may have several refunds: the
// cancel's (one at most, of what is left) and the board's partial ones, each with its reason, so `refunds`
// is rebuilt with its own row id (its rows, indexes and the refund webhooks' triggers kept). Each partial
// refund's credit note names it (`invoices.refund_id`): one invoice and one cancel's credit note per order
// stay unique, partial credit notes are one per refund.
import { REFUND_TRIGGERS } from "./schema-webhooks";

const REFUND_COLUMNS = "order_id, session_id, provider, amount, currency, status, provider_id, attempts, last_error, claimed_at, created_at, updated_at";

export const PARTIAL_REFUNDS_SCHEMA: readonly string[] = [
  `CREATE TABLE refunds_kept AS SELECT ${REFUND_COLUMNS} FROM refunds`,
  "DROP TABLE refunds",
  `CREATE TABLE refunds (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    kind TEXT NOT NULL DEFAULT 'cancel' CHECK (kind IN ('cancel', 'partial')),
    reason TEXT CHECK (reason IS NULL OR length(reason) <= 200),
    session_id TEXT NOT NULL REFERENCES payment_sessions(id),
    provider TEXT NOT NULL CHECK (provider IN ('demo', 'stripe', 'tap')),
    amount INTEGER NOT NULL CHECK (amount >= 0),
    currency TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
    provider_id TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    claimed_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`,
  `INSERT INTO refunds (${REFUND_COLUMNS}) SELECT ${REFUND_COLUMNS} FROM refunds_kept ORDER BY order_id`,
  "DROP TABLE refunds_kept",
  "CREATE UNIQUE INDEX refunds_cancel ON refunds (order_id) WHERE kind = 'cancel'",
  "CREATE INDEX refunds_order ON refunds (order_id)",
  "CREATE INDEX refunds_open ON refunds (status) WHERE status <> 'succeeded'",
  "CREATE INDEX refunds_provider ON refunds (provider_id)",
  ...REFUND_TRIGGERS,
  "ALTER TABLE invoices ADD COLUMN refund_id INTEGER REFERENCES refunds(id)",
  "DROP INDEX invoices_order_kind",
  "CREATE UNIQUE INDEX invoices_order_kind ON invoices (order_id, kind) WHERE refund_id IS NULL",
  "CREATE UNIQUE INDEX invoices_refund ON invoices (refund_id) WHERE refund_id IS NOT NULL",
];
