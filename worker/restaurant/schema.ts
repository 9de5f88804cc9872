// The restaurant object's own schema, versioned: each entry is one version's statements, applied in
// order inside the object (schema.test.ts migrates from every earlier version). Append, never edit.
// Tables hold one restaurant's rows only; the `restaurant_id` columns moved tables kept always hold its id.
import { CATALOGUE_SCHEMA } from "./schema-catalogue";
import { catalogueInMinorUnits, moneyInMinorUnits } from "./schema-money";
import { WEBHOOK_SCHEMA } from "./schema-webhooks";
import { PRINTING_SCHEMA } from "./schema-printing";
import { SEPARATE_SERIES_SCHEMA } from "./schema-series";
import { zonesFromCountry } from "./schema-zones";
import { NUTRITION_SCHEMA } from "./schema-nutrition";
import { ZATCA_EGS_SCHEMA } from "./schema-zatca-egs";
import { ZATCA_DOCUMENTS_SCHEMA } from "./schema-zatca-documents";
import { TAP_PAYMENTS_SCHEMA } from "./schema-payments-tap";
import { PARTIAL_REFUNDS_SCHEMA } from "./schema-partial-refunds";

/**
 * A version's statements; a version that converts stored amounts is given the restaurant's currency,
 * one that follows its country (ISO 3166 "SA", "" when unknown) its country.
 */
type Version = readonly string[] | ((currency: string, country: string) => readonly string[]);

export const SCHEMA: readonly Version[] = [
  // 1: the diners' SMS codes and the order tokens they earn (moved from D1's otp_codes and order_tokens).
  [
    `CREATE TABLE otp_codes (
      id INTEGER PRIMARY KEY,
      phone TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      used INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    )`,
    "CREATE INDEX otp_codes_phone ON otp_codes (phone, id)",
    "CREATE INDEX otp_codes_expiry ON otp_codes (expires_at)",
    `CREATE TABLE order_tokens (
      token_hash TEXT PRIMARY KEY,
      phone TEXT NOT NULL,
      name TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      order_id INTEGER
    )`,
    "CREATE INDEX order_tokens_expiry ON order_tokens (expires_at)",
  ],
  // 2: orders, their lines and options, payment sessions, refunds and Stripe's handled events (moved
  // from D1). `orders.restaurant_id` is this restaurant's id on every row: kept so the moved rows and
  // the statements on them stay as they were (docs/decisions/0040).
  [
    `CREATE TABLE orders (
      id INTEGER PRIMARY KEY,
      restaurant_id INTEGER NOT NULL,
      branch_id INTEGER NOT NULL,
      num_order INTEGER NOT NULL,
      name TEXT NOT NULL,
      phone TEXT NOT NULL,
      note TEXT,
      table_id INTEGER NOT NULL DEFAULT 1,
      price REAL NOT NULL,
      status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
      payment TEXT NOT NULL DEFAULT 'otp' CHECK (payment IN ('otp', 'online')),
      paid INTEGER NOT NULL DEFAULT 0,
      idempotency_key TEXT,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
      public_id TEXT
    )`,
    "CREATE INDEX orders_phone ON orders (phone, id)",
    "CREATE UNIQUE INDEX orders_idempotency ON orders (restaurant_id, phone, idempotency_key) WHERE idempotency_key IS NOT NULL",
    "CREATE UNIQUE INDEX orders_public_id ON orders (public_id)",
    "CREATE INDEX orders_branch_created ON orders (branch_id, created_at)",
    "CREATE INDEX orders_branch_num ON orders (branch_id, num_order)",
    `CREATE TABLE order_items (
      id INTEGER PRIMARY KEY,
      order_id INTEGER NOT NULL REFERENCES orders(id),
      product_id INTEGER NOT NULL,
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      image TEXT,
      price REAL NOT NULL,
      amount INTEGER NOT NULL CHECK (amount >= 1),
      note TEXT,
      line INTEGER
    )`,
    "CREATE INDEX order_items_order ON order_items (order_id, line)",
    `CREATE TABLE order_item_options (
      id INTEGER PRIMARY KEY,
      order_item_id INTEGER NOT NULL REFERENCES order_items(id),
      sub_option_id INTEGER NOT NULL,
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      sub_name_en TEXT NOT NULL,
      sub_name_ar TEXT NOT NULL,
      price REAL NOT NULL
    )`,
    "CREATE INDEX order_item_options_item ON order_item_options (order_item_id)",
    `CREATE TABLE payment_sessions (
      id TEXT PRIMARY KEY,
      order_id INTEGER NOT NULL REFERENCES orders(id),
      success_url TEXT NOT NULL,
      cancel_url TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
      created_at INTEGER NOT NULL,
      expires_at INTEGER,
      token_hash TEXT,
      provider TEXT NOT NULL DEFAULT 'demo' CHECK (provider IN ('demo', 'stripe')),
      url TEXT,
      payment_intent TEXT CHECK (payment_intent IS NULL OR payment_intent GLOB 'pi_[A-Za-z0-9_]*')
    )`,
    "CREATE INDEX payment_sessions_order ON payment_sessions (order_id)",
    `CREATE TABLE refunds (
      order_id INTEGER PRIMARY KEY REFERENCES orders(id),
      session_id TEXT NOT NULL REFERENCES payment_sessions(id),
      provider TEXT NOT NULL CHECK (provider IN ('demo', 'stripe')),
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
    "CREATE INDEX refunds_open ON refunds (status) WHERE status <> 'succeeded'",
    "CREATE INDEX refunds_provider ON refunds (provider_id)",
    "CREATE TABLE stripe_events (id TEXT PRIMARY KEY, type TEXT NOT NULL, received_at INTEGER NOT NULL)",
  ],
  // 3: the catalogue (./schema-catalogue.ts).
  CATALOGUE_SCHEMA,
  // 4: the restaurant's look, moved from the directory's row (docs/decisions/0049): one row, its id.
  [
    `CREATE TABLE brand (
      restaurant_id INTEGER PRIMARY KEY,
      logo TEXT,
      description_en TEXT,
      description_ar TEXT,
      style_primary TEXT,
      style_on_primary TEXT,
      style_secondary TEXT,
      style_on_secondary TEXT,
      style_background TEXT,
      style_on_background TEXT,
      updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    )`,
  ],
  // 5: when a menu is served (worker/rules/menu-hours.ts, docs/decisions/0051): weekly windows and dates, JSON.
  ["ALTER TABLE menus ADD COLUMN served TEXT CHECK (served IS NULL OR json_valid(served))"],
  // 6: orders' money as integers in the currency's minor units, each order's currency and VAT, the
  // seller's tax details and the tax invoices (./schema-money.ts, docs/decisions/0053).
  moneyInMinorUnits,
  // 7: the catalogue's prices as integers in the currency's minor units (./schema-money.ts, docs/decisions/0053).
  catalogueInMinorUnits,
  // 8: when a category is served (its own windows inside its menu's; docs/decisions/0051), the menus' shape.
  ["ALTER TABLE categories ADD COLUMN served TEXT CHECK (served IS NULL OR json_valid(served))"],
  // 9: a diner's call from a table (a waiter, the bill) and the branch's switch for them (./service-calls.ts).
  [
    "ALTER TABLE branches ADD COLUMN service_calls INTEGER NOT NULL DEFAULT 0 CHECK (service_calls IN (0, 1))",
    `CREATE TABLE service_calls (
      id INTEGER PRIMARY KEY,
      public_id TEXT NOT NULL UNIQUE,
      branch_id INTEGER NOT NULL,
      table_id INTEGER NOT NULL CHECK (table_id > 0),
      kind TEXT NOT NULL CHECK (kind IN ('waiter', 'bill')),
      pay TEXT CHECK (pay IS NULL OR pay IN ('card', 'counter')),
      created_at INTEGER NOT NULL,
      acknowledged_at INTEGER
    )`,
    // One open call per table and kind: a second tap (or a burst of them) finds the first.
    "CREATE UNIQUE INDEX service_calls_open ON service_calls (branch_id, table_id, kind) WHERE acknowledged_at IS NULL",
    "CREATE INDEX service_calls_table ON service_calls (branch_id, table_id, created_at)",
  ],
  // 10: pickup orders (worker/rules/pickup.ts): the branch's switch and preparation time, an order's pickup time (unix ms).
  [
    "ALTER TABLE branches ADD COLUMN pickup INTEGER NOT NULL DEFAULT 0 CHECK (pickup IN (0, 1))",
    "ALTER TABLE branches ADD COLUMN prep_minutes INTEGER NOT NULL DEFAULT 20 CHECK (prep_minutes BETWEEN 5 AND 240)",
    "ALTER TABLE orders ADD COLUMN pickup_at INTEGER",
  ],
  // 11: a diner's word after the meal (./ratings.ts): 1–5 stars and a short note, once per order, and the
  // restaurant's review link offered after a high rating.
  [
    "ALTER TABLE orders ADD COLUMN rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5)",
    "ALTER TABLE orders ADD COLUMN rating_note TEXT CHECK (rating_note IS NULL OR length(rating_note) <= 300)",
    "ALTER TABLE orders ADD COLUMN rated_at INTEGER",
    "ALTER TABLE brand ADD COLUMN review_url TEXT CHECK (review_url IS NULL OR (review_url LIKE 'https://%' AND length(review_url) <= 300))",
  ],
  // 12: order webhooks (./schema-webhooks.ts): endpoints, the events triggers record, each delivery's log.
  WEBHOOK_SCHEMA,
  // 13: kitchen printers (Star CloudPRNT) and their tickets, queued by a trigger on accepting an order (./schema-printing.ts).
  PRINTING_SCHEMA,
  // 14: invoices and credit notes in separate gap-free series (./schema-series.ts, docs/decisions/0060).
  SEPARATE_SERIES_SCHEMA,
  // 15: branches left at the old default zone keep their country's time (./schema-zones.ts).
  zonesFromCountry,
  // 16: a branch's number of tables (worker/rules/table-number.ts): its tables are 1 to it;
  // null (not set) keeps the codes' own bound, 1 to 9999.
  ["ALTER TABLE branches ADD COLUMN tables INTEGER CHECK (tables IS NULL OR tables BETWEEN 1 AND 9999)"],
  // 17: nutrition on the menu (worker/rules/nutrition.ts, docs/decisions/0070): a dish's kcal and caffeine
  // (null: not given) and its high-salt mark, a choice's kcal; whole numbers within SFDA's label's bounds.
  NUTRITION_SCHEMA,
  // 18: each branch's ZATCA e-invoice generation solution, its encrypted key and its chain (./schema-zatca-egs.ts).
  ZATCA_EGS_SCHEMA,
  // 19: each Phase-2 document of an onboarded branch, stamped, reported or cleared (./schema-zatca-documents.ts).
  ZATCA_DOCUMENTS_SCHEMA,
  // 20: Tap Payments beside Stripe: 'tap' sessions and refunds, a session's charge, the sealed key (./schema-payments-tap.ts).
  TAP_PAYMENTS_SCHEMA,
  // 21: where Stripe serves the restaurant too, which provider its diners pay through (docs/decisions/0079).
  ["ALTER TABLE tap_account ADD COLUMN cards_through TEXT NOT NULL DEFAULT 'tap' CHECK (cards_through IN ('tap', 'stripe'))"],
  // 22: several refunds per order, the board's partial ones with their reason and credit note (./schema-partial-refunds.ts).
  PARTIAL_REFUNDS_SCHEMA,
  // 23: each branch's board changes, numbered (./board-feed.ts, docs/decisions/0084).
  ["CREATE TABLE board_sequence (branch_id INTEGER PRIMARY KEY, seq INTEGER NOT NULL)"],
  // 24: when the members last changed, for the console's copies of sessions (./member-changes.ts, docs/decisions/0088).
  ["CREATE TABLE member_changes (id INTEGER PRIMARY KEY CHECK (id = 1), changed_at INTEGER NOT NULL)"],
];

/** The version a fresh object ends at. */
export const SCHEMA_VERSION = SCHEMA.length;

/**
 * Brings the storage to SCHEMA_VERSION, one version per transaction, and returns the version it found.
 * `upTo` stops earlier (the tests build every earlier version with it). `currency`: the restaurant's,
 * which the amounts stored before version 6 are in (all were AED before currencies, decision 0052);
 * `country`: the restaurant's, whose zone version 15 gives branches left at the default (decision 0058).
 */
export function migrate(storage: DurableObjectStorage, upTo = SCHEMA_VERSION, currency = "AED", country = ""): number {
  const sql = storage.sql;
  const found = schemaVersion(sql);
  if (found >= upTo) return found;
  sql.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)").toArray();
  for (let version = found; version < upTo; version++) {
    storage.transactionSync(() => {
      const step = SCHEMA[version]!;
      for (const statement of typeof step === "function" ? step(currency, country) : step) sql.exec(statement).toArray();
      sql.exec("DELETE FROM schema_version").toArray();
      sql.exec("INSERT INTO schema_version (version) VALUES (?)", version + 1).toArray();
    });
  }
  return found;
}

/** The storage's schema version: 0 for an object that has never been written. */
export function schemaVersion(sql: SqlStorage): number {
  const table = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").toArray();
  if (table.length === 0) return 0;
  return sql.exec<{ version: number }>("SELECT version FROM schema_version").toArray()[0]?.version ?? 0;
}
