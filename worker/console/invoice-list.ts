// The restaurant's invoices and credit notes of one month (issue 26, point 3; docs/decisions/0053), for
// /console/tax and the accountant's CSV: in number order, the month in the restaurant's zone, and the
// month's totals per VAT rate (a credit note counts against its invoice's month of issue, negatively).
import type { OrdersDb } from "../restaurant/sql-bridge";
import type { InvoiceColumns } from "../restaurant/invoices";
import { localDay, localInstant } from "../rules/local-time";
import { currencyDigits, majorUnits } from "../rules/money";

/** A document with its order's number; a credit note's amounts are positive here, and subtracted in the totals. */
export interface ListedInvoice extends InvoiceColumns {
  num_order: number;
}

export interface RateTotal {
  vat_bp: number;
  currency: string;
  /** Sales with VAT (tips apart: they are no supply), the VAT in them, and the net (total − VAT). */
  total_minor: number;
  vat_minor: number;
  net_minor: number;
  tip_minor: number;
}

/** "2026-11" of an instant in `timeZone`. */
export const monthOf = (instant: number, timeZone: string) => {
  const { year, month } = localDay(instant, timeZone);
  return `${year}-${String(month).padStart(2, "0")}`;
};

/** The months a list may ask for: "YYYY-MM" from 2020 on. */
export const MONTH = /^20[2-9]\d-(0[1-9]|1[0-2])$/;

/** The month's documents (at most `limit`, the screen's page) and its totals per rate, in the restaurant's zone. */
export async function invoicesOfMonth(db: OrdersDb, month: string, timeZone: string, limit = 5000) {
  const [year, mm] = month.split("-").map(Number) as [number, number];
  const from = localInstant(year, mm, 1, 0, timeZone);
  const to = localInstant(year, mm + 1, 1, 0, timeZone);
  const { results } = await db
    .prepare(
      `SELECT n.number, n.kind, n.credits, n.issued_at, o.num_order, n.currency, n.vat_bp, n.total_minor, n.vat_minor, n.service_minor, n.tip_minor
       FROM invoices n JOIN orders o ON o.id = n.order_id WHERE n.issued_at >= ? AND n.issued_at < ? ORDER BY n.number LIMIT ?`,
    )
    .bind(from, to, limit)
    .all<ListedInvoice>();
  return { documents: results, totals: totalsByRate(results) };
}

/** Totals per rate and currency: invoices add, credit notes subtract. */
function totalsByRate(documents: readonly ListedInvoice[]): RateTotal[] {
  const byRate = new Map<string, RateTotal>();
  for (const d of documents) {
    const key = `${d.currency}:${d.vat_bp}`;
    const sign = d.kind === "credit" ? -1 : 1;
    const t = byRate.get(key) ?? { vat_bp: d.vat_bp, currency: d.currency, total_minor: 0, vat_minor: 0, net_minor: 0, tip_minor: 0 };
    t.total_minor += sign * (d.total_minor - d.tip_minor);
    t.vat_minor += sign * d.vat_minor;
    t.net_minor += sign * (d.total_minor - d.tip_minor - d.vat_minor);
    t.tip_minor += sign * d.tip_minor;
    byRate.set(key, t);
  }
  return [...byRate.values()].sort((a, b) => a.currency.localeCompare(b.currency) || a.vat_bp - b.vat_bp);
}

/**
 * The month as the accountant's CSV: one row per document (credit notes negative), then the totals per
 * rate. Amounts in major units with the currency's decimals; no free text, so nothing a spreadsheet could run.
 */
export function invoicesCsv(documents: readonly ListedInvoice[], timeZone: string): string {
  const amount = (minor: number, currency: string) => majorUnits(minor, currency).toFixed(currencyDigits(currency));
  // "2026-11-26 08:05", the restaurant's wall clock.
  const clock = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const when = (ms: number) => clock.format(ms).replace(", ", " ");
  const rows = [["number", "kind", "credits", "issued", "order", "currency", "vat_rate", "total", "vat", "net", "service_charge", "tip"].join(",")];
  for (const d of documents) {
    const sign = d.kind === "credit" ? -1 : 1;
    const sales = d.total_minor - d.tip_minor;
    rows.push(
      [
        d.number,
        d.kind,
        d.credits ?? "",
        when(d.issued_at),
        d.num_order,
        d.currency,
        d.vat_bp / 100,
        ...[sales, d.vat_minor, sales - d.vat_minor, d.service_minor, d.tip_minor].map((m) => amount(sign * m, d.currency)),
      ].join(","),
    );
  }
  rows.push("");
  rows.push(["totals", "currency", "vat_rate", "total", "vat", "net", "tip"].join(","));
  for (const t of totalsByRate(documents)) {
    rows.push(["rate", t.currency, t.vat_bp / 100, ...[t.total_minor, t.vat_minor, t.net_minor, t.tip_minor].map((m) => amount(m, t.currency))].join(","));
  }
  return `${rows.join("\r\n")}\r\n`;
}
