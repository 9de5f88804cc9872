// The restaurant's invoices and credit notes of one month (docs/decisions/0053), for
// /console/tax and the accountant's CSV: each series in number order (invoices, then credit notes:
// docs/decisions/0060), the month in the restaurant's zone, and the month's totals per VAT rate (a credit
// note counts in its own month of issue, negatively), the same amounts the documents print.
import type { ListedInvoice } from "../restaurant/invoice-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { isoWithOffset, localDay, localInstant } from "../rules/local-time";
import { currencyDigits, majorUnits } from "../rules/money";

export type { ListedInvoice };

export interface RateTotal {
  vat_bp: number;
  currency: string;
  /** The taxable total with VAT (goods and service; tips apart: they are no supply), the VAT in it, the net (total − VAT), the tips. */
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

/** The most documents a month's list, CSV or ZIP holds. */
export const MONTH_CAP = 5000;

/** The month's first instant and the next month's (unix ms), in `timeZone`. */
export function monthBounds(month: string, timeZone: string): { from: number; to: number } {
  const [year, mm] = month.split("-").map(Number) as [number, number];
  return { from: localInstant(year, mm, 1, 0, timeZone), to: localInstant(year, mm + 1, 1, 0, timeZone) };
}

/** The month's documents (at most `limit`, the screen's page) and its totals per rate, in the restaurant's zone. */
export async function invoicesOfMonth(env: Env, tenant: RestaurantRef, month: string, timeZone: string, limit = MONTH_CAP) {
  const { from, to } = monthBounds(month, timeZone);
  const documents = await restaurantCall(env, tenant, "documentsBetween", from, to, limit);
  return { documents, totals: totalsByRate(documents) };
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
 * The month as the accountant's CSV: one row per document (credit notes negative) with the amounts its
 * document prints (net, VAT, taxable total, tip apart, amount paid), its time on the branch's clock with
 * the UTC offset and its Phase-2 state with ZATCA (docs/decisions/0073), then the totals per rate. Amounts in major units with the currency's decimals; no free
 * text, so nothing a spreadsheet could run.
 */
export function invoicesCsv(documents: readonly ListedInvoice[], timeZone: string): string {
  const amount = (minor: number, currency: string) => majorUnits(minor, currency).toFixed(currencyDigits(currency));
  const rows = [
    ["number", "kind", "credits", "issued", "order", "currency", "vat_rate", "net", "vat", "total", "service_charge", "tip", "paid", "zatca"].join(","),
  ];
  for (const d of documents) {
    const sign = d.kind === "credit" ? -1 : 1;
    const taxable = d.total_minor - d.tip_minor;
    rows.push(
      [
        d.number,
        d.kind,
        d.credits ?? "",
        isoWithOffset(d.issued_at, timeZone),
        d.num_order,
        d.currency,
        d.vat_bp / 100,
        ...[taxable - d.vat_minor, d.vat_minor, taxable, d.service_minor, d.tip_minor, d.total_minor].map((m) => amount(sign * m, d.currency)),
        // The Phase-2 document's state with ZATCA (reported, warnings, rejected, cleared, pending…); empty: phase 1.
        d.phase2?.state ?? "",
      ].join(","),
    );
  }
  rows.push("");
  rows.push(["totals", "currency", "vat_rate", "net", "vat", "total", "tip", "paid"].join(","));
  for (const t of totalsByRate(documents)) {
    rows.push(
      [
        "rate",
        t.currency,
        t.vat_bp / 100,
        ...[t.net_minor, t.vat_minor, t.total_minor, t.tip_minor, t.total_minor + t.tip_minor].map((m) => amount(m, t.currency)),
      ].join(","),
    );
  }
  return `${rows.join("\r\n")}\r\n`;
}
