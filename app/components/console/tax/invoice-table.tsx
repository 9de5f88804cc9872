// One month's invoices (or receipts) and credit notes on /console/tax, then the month's totals per VAT rate (credit
// notes subtracted), as the CSV has them, with each Phase-2 document's state at ZATCA. Amounts come in minor
// units of each document's currency.
import { useLanguage } from "~/lib/localized";
import { formatMoney, majorUnits } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import { useConsoleDates } from "~/lib/console-dates";
import type { ListedInvoice, RateTotal } from "~/lib/console-types";
import { documentTitle } from "../../../../worker/rules/tax-document";
import { Phase2Cell } from "./phase2-cell";

const cell = "px-2 py-1.5 text-start";

export function InvoiceTable({ documents, totals, timeZone }: { documents: ListedInvoice[]; totals: RateTotal[]; timeZone: string }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const money = (minor: number, currency: string) => formatMoney(majorUnits(minor, currency), lang, currency);
  const when = useConsoleDates(timeZone)({ dateStyle: "medium", timeStyle: "short" }, "latin");
  if (documents.length === 0) return <p data-testid="no-invoices">{t("console.tax.none")}</p>;
  // The ZATCA column once any document of the month is a Phase-2 one.
  const zatca = documents.some((d) => d.phase2);
  return (
    <>
      <div className="overflow-x-auto">
        <table data-testid="invoice-table" className="w-full text-sm">
          <thead className="border-b border-black/10 dark:border-white/15">
            <tr>
              {(["number", "kind", "issued", "order", "vat", "total", "tip"] as const).map((c) => (
                <th key={c} scope="col" className={cell}>
                  {t(`console.tax.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {documents.map((d) => {
              const sign = d.kind === "credit" ? -1 : 1;
              return (
                <tr key={`${d.kind}-${d.number}`} data-testid="invoice-row" data-kind={d.kind} className="border-b border-black/5 dark:border-white/10">
                  <td className={`${cell} font-bold`}>{d.number}</td>
                  <td className={cell}>
                    {d.kind === "credit"
                      ? t("console.tax.kinds.credit", { number: d.credits ?? "" })
                      : t(`console.tax.kinds.${documentTitle({ kind: d.kind, trn: d.trn, vatBp: d.vat_bp }) as "invoice" | "receipt"}`)}
                    {/* Its state with ZATCA under it (in view on a phone, where the table scrolls sideways). */}
                    {zatca && <Phase2Cell document={d} />}
                  </td>
                  <td className={cell}>{when.format(d.issued_at)}</td>
                  <td className={cell}>#{d.num_order}</td>
                  <td className={cell}>{money(sign * d.vat_minor, d.currency)}</td>
                  <td className={`${cell} font-bold`}>{money(sign * (d.total_minor - d.tip_minor), d.currency)}</td>
                  <td className={cell}>{money(sign * d.tip_minor, d.currency)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <h3 className="mt-4 font-bold">{t("console.tax.totalsTitle")}</h3>
      <dl data-testid="invoice-totals" className="mt-2 grid gap-3 sm:grid-cols-2">
        {totals.map((r) => (
          <div key={`${r.currency}-${r.vat_bp}`} className="rounded-xl bg-stone-100 p-3 dark:bg-stone-800">
            <dt className="font-bold">{t("console.tax.totals.rate", { rate: r.vat_bp / 100 })}</dt>
            {(
              [
                ["sales", r.total_minor],
                ["vat", r.vat_minor],
                ["net", r.net_minor],
                ["tips", r.tip_minor],
              ] as const
            ).map(([k, minor]) => (
              <dd key={k} className="flex justify-between gap-4">
                <span>{t(`console.tax.totals.${k}`)}</span>
                <span data-testid={`total-${k}`}>{money(minor, r.currency)}</span>
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </>
  );
}
