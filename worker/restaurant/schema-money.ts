// Schema version 6 of the restaurant's object (docs/decisions/0053): orders' amounts move from REAL
// major units to INTEGER minor units of the restaurant's currency (the amounts stored before are
// converted with the currency the restaurant has, the only one it could have ordered in), each order
// records its currency and VAT, and the seller's tax details and the tax invoices get their tables.
import { currencyDigits } from "../rules/money";

/** The legacy REAL money column of each order table and the INTEGER one that replaces it. */
const LEGACY_MONEY: Record<string, { from: string; to: string }> = {
  orders: { from: "price", to: "total_minor" },
  order_items: { from: "price", to: "unit_minor" },
  order_item_options: { from: "price", to: "price_minor" },
};

/**
 * A row stored before version 6 (D1's old tables, an older data file) as version 6 keeps it: its major
 * units become minor units of `currency`, and an order records that currency. Other tables' rows pass.
 */
export function upgradeMoneyRow(table: string, row: Record<string, unknown>, currency: string): Record<string, unknown> {
  const legacy = LEGACY_MONEY[table];
  if (!legacy || !(legacy.from in row)) return row;
  const { [legacy.from]: amount, ...rest } = row;
  const upgraded: Record<string, unknown> = { ...rest, [legacy.to]: Math.round(Number(amount) * 10 ** currencyDigits(currency)) };
  if (table === "orders") upgraded.currency ??= currency;
  return upgraded;
}

/** The statements, for a restaurant priced in `currency`. */
export function moneyInMinorUnits(currency: string): string[] {
  const scale = 10 ** currencyDigits(currency);
  const moved = Object.entries(LEGACY_MONEY).flatMap(([table, { from, to }]) => [
    `ALTER TABLE ${table} ADD COLUMN ${to} INTEGER CHECK (${to} >= 0)`,
    `UPDATE ${table} SET ${to} = CAST(round(${from} * ${scale}) AS INTEGER)`,
    `ALTER TABLE ${table} DROP COLUMN ${from}`,
  ]);
  return [
    ...moved,
    `ALTER TABLE orders ADD COLUMN currency TEXT CHECK (currency IS NULL OR length(currency) = 3)`,
    `UPDATE orders SET currency = '${currency.replace(/[^A-Z]/gi, "").toUpperCase()}'`,
    // VAT is included in the prices (worker/rules/vat.ts); the service charge and the tip are added on top.
    "ALTER TABLE orders ADD COLUMN vat_bp INTEGER NOT NULL DEFAULT 0 CHECK (vat_bp BETWEEN 0 AND 10000)",
    "ALTER TABLE orders ADD COLUMN vat_minor INTEGER NOT NULL DEFAULT 0 CHECK (vat_minor >= 0)",
    "ALTER TABLE orders ADD COLUMN service_minor INTEGER NOT NULL DEFAULT 0 CHECK (service_minor >= 0)",
    "ALTER TABLE orders ADD COLUMN tip_minor INTEGER NOT NULL DEFAULT 0 CHECK (tip_minor >= 0)",
    "ALTER TABLE order_items ADD COLUMN vat_minor INTEGER NOT NULL DEFAULT 0 CHECK (vat_minor >= 0)",
    // The seller on its invoices; the VAT rate null is the country's (worker/rules/vat.ts). Tips: preset
    // percentages in basis points (JSON), null when the restaurant takes none.
    `CREATE TABLE seller (
      restaurant_id INTEGER PRIMARY KEY,
      legal_name_en TEXT,
      legal_name_ar TEXT,
      trn TEXT,
      address TEXT,
      vat_bp INTEGER CHECK (vat_bp IS NULL OR vat_bp BETWEEN 0 AND 10000),
      service_bp INTEGER NOT NULL DEFAULT 0 CHECK (service_bp BETWEEN 0 AND 10000),
      tips TEXT CHECK (tips IS NULL OR json_valid(tips)),
      updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    )`,
    // Tax invoices and credit notes, one gap-free sequence (`number`, claimed by the INSERT that writes
    // it, worker/restaurant/invoices.ts); the seller as it was when issued. One of each kind per order.
    `CREATE TABLE invoices (
      number INTEGER PRIMARY KEY CHECK (number >= 1),
      kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit')),
      order_id INTEGER NOT NULL REFERENCES orders(id),
      credits INTEGER REFERENCES invoices(number),
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
    "CREATE UNIQUE INDEX invoices_order_kind ON invoices (order_id, kind)",
    "CREATE INDEX invoices_issued ON invoices (issued_at)",
  ];
}
