// Schema versions 6 and 7 of the restaurant's object (docs/decisions/0053): orders' amounts (6), then
// the catalogue's prices (7), move from REAL major units to INTEGER minor units of the restaurant's
// currency (the amounts stored before are converted with the currency the restaurant has, the only one
// it could have priced or ordered in); each order records its currency and VAT, and the seller's tax
// details and the tax invoices get their tables (6).
import { currencyDigits } from "../rules/money";

/** Each table's legacy REAL money columns and the INTEGER ones that replace them. */
const LEGACY_MONEY: Record<string, readonly [from: string, to: string][]> = {
  orders: [["price", "total_minor"]],
  order_items: [["price", "unit_minor"]],
  order_item_options: [["price", "price_minor"]],
  products: [
    ["price", "price_minor"],
    ["price_offer", "offer_minor"],
  ],
  sub_options: [["price", "price_minor"]],
};
/** Columns that default to 0 as their REAL ones did (an offer, a choice's extra); the others are required. */
const ZERO_BY_DEFAULT = new Set(["products.offer_minor", "sub_options.price_minor"]);
const ORDER_TABLES = ["orders", "order_items", "order_item_options"];
const CATALOGUE_TABLES = ["products", "sub_options"];

/**
 * A row stored before versions 6 and 7 (D1's old tables, an older data file) as they keep it: each legacy
 * column's major units become minor units of `currency`, and an order records that currency. A row
 * without legacy columns (other tables, or written since) passes unchanged.
 */
export function upgradeMoneyRow(table: string, row: Record<string, unknown>, currency: string): Record<string, unknown> {
  const legacy = (LEGACY_MONEY[table] ?? []).filter(([from]) => from in row);
  if (legacy.length === 0) return row;
  const upgraded: Record<string, unknown> = { ...row };
  for (const [from, to] of legacy) {
    upgraded[to] = Math.round(Number(row[from] ?? 0) * 10 ** currencyDigits(currency));
    delete upgraded[from];
  }
  if (table === "orders") upgraded.currency ??= currency;
  return upgraded;
}

/** The statements moving `tables`' legacy columns to minor units of `currency` (the REAL ones dropped). */
function toMinorUnits(currency: string, tables: readonly string[]): string[] {
  const scale = 10 ** currencyDigits(currency);
  return tables.flatMap((table) =>
    LEGACY_MONEY[table]!.flatMap(([from, to]) => [
      `ALTER TABLE ${table} ADD COLUMN ${to} INTEGER ${ZERO_BY_DEFAULT.has(`${table}.${to}`) ? "NOT NULL DEFAULT 0 " : ""}CHECK (${to} >= 0)`,
      `UPDATE ${table} SET ${to} = CAST(round(${from} * ${scale}) AS INTEGER)`,
      `ALTER TABLE ${table} DROP COLUMN ${from}`,
    ]),
  );
}

/**
 * Version 7: the catalogue's prices. A dish's price is required (as the REAL column's NOT NULL was; a
 * column added to a table cannot be NOT NULL without a default): triggers refuse a dish without one.
 */
export function catalogueInMinorUnits(currency: string): string[] {
  const required = (verb: "INSERT" | "UPDATE") =>
    `CREATE TRIGGER products_price_${verb.toLowerCase()} BEFORE ${verb} ON products WHEN NEW.price_minor IS NULL
     BEGIN SELECT RAISE(ABORT, 'price_minor: a dish has a price'); END`;
  return [...toMinorUnits(currency, CATALOGUE_TABLES), required("INSERT"), required("UPDATE")];
}

/** Version 6: orders' money, the seller and the invoices, for a restaurant priced in `currency`. */
export function moneyInMinorUnits(currency: string): string[] {
  return [
    ...toMinorUnits(currency, ORDER_TABLES),
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
