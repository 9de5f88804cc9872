// Object schema version 20 (docs/decisions/0076): Tap Payments beside Stripe and the demo. The providers
// are listed in CHECK constraints, which SQLite cannot alter, so payment_sessions and refunds are rebuilt
// with 'tap' allowed (their rows, indexes and the refund webhooks' triggers kept), and a session gains
// Tap's charge id. `tap_account`: the restaurant's own Tap secret key, only as AES-GCM ciphertext under
// the deploy secret TAP_KEY_SECRET (worker/providers/tap/seal.ts), and its state; one row at most.
import { REFUND_TRIGGERS } from "./schema-webhooks";

const SESSION_COLUMNS = "id, order_id, success_url, cancel_url, status, created_at, expires_at, token_hash, provider, url, payment_intent";
const REFUND_COLUMNS = "order_id, session_id, provider, amount, currency, status, provider_id, attempts, last_error, claimed_at, created_at, updated_at";

export const TAP_PAYMENTS_SCHEMA: readonly string[] = [
  // Refunds first, so no row points at the sessions while they are rebuilt.
  `CREATE TABLE refunds_kept AS SELECT ${REFUND_COLUMNS} FROM refunds`,
  "DROP TABLE refunds",
  `CREATE TABLE payment_sessions_tap (
    id TEXT PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    success_url TEXT NOT NULL,
    cancel_url TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    token_hash TEXT,
    provider TEXT NOT NULL DEFAULT 'demo' CHECK (provider IN ('demo', 'stripe', 'tap')),
    url TEXT,
    payment_intent TEXT CHECK (payment_intent IS NULL OR payment_intent GLOB 'pi_[A-Za-z0-9_]*'),
    charge_id TEXT CHECK (charge_id IS NULL OR charge_id GLOB 'chg_[A-Za-z0-9_]*')
  )`,
  `INSERT INTO payment_sessions_tap (${SESSION_COLUMNS}) SELECT ${SESSION_COLUMNS} FROM payment_sessions`,
  "DROP TABLE payment_sessions",
  "ALTER TABLE payment_sessions_tap RENAME TO payment_sessions",
  "CREATE INDEX payment_sessions_order ON payment_sessions (order_id)",
  "CREATE UNIQUE INDEX payment_sessions_charge ON payment_sessions (charge_id) WHERE charge_id IS NOT NULL",
  `CREATE TABLE refunds (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
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
  `INSERT INTO refunds (${REFUND_COLUMNS}) SELECT ${REFUND_COLUMNS} FROM refunds_kept`,
  "DROP TABLE refunds_kept",
  "CREATE INDEX refunds_open ON refunds (status) WHERE status <> 'succeeded'",
  "CREATE INDEX refunds_provider ON refunds (provider_id)",
  ...REFUND_TRIGGERS,
  `CREATE TABLE tap_account (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    state TEXT NOT NULL CHECK (state IN ('active', 'refused')),
    live INTEGER NOT NULL CHECK (live IN (0, 1)),
    key_sealed TEXT,
    message TEXT CHECK (message IS NULL OR length(message) <= 300),
    updated_at INTEGER NOT NULL,
    CHECK ((state = 'active') = (key_sealed IS NOT NULL))
  )`,
];
