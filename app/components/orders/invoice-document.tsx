// A tax invoice, receipt or credit note as the diner opens it from an order: seller, VAT number, address,
// date and time, lines, the taxable total with its VAT, then the tip and the amount paid, and (Saudi
// Arabia) ZATCA's QR (phase 2's signed one, tags 1–9, for a branch onboarded to ZATCA, with the document's UUID
// and a standard invoice's buyer); both languages on every label and name (docs/decisions/0060), amounts in the order's
// currency. A seller without VAT issues a receipt with no VAT lines. Printing leaves out the page's chrome.
import { useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import type { Route } from "../../routes/tenant/+types/invoice";
import type { QrSymbol } from "../../../worker/rules/qr-symbol";
import { documentTitle, showsVat } from "../../../worker/rules/tax-document";
import { INVOICE_LABELS, type InvoiceLabel } from "./invoice-labels";
import { dateFormat } from "../../../worker/rules/date-locale";

/** The document as the invoice route's loader sends it. */
type Invoice = Route.ComponentProps["loaderData"]["invoice"];

const cell = "px-2 py-1.5 text-start align-top";

/** A line's name in one language with its options in brackets ("Karak (Oat milk)"). */
const lineName = (l: Invoice["lines"][number], language: "en" | "ar") => {
  const options = l.options.map((o) => (language === "ar" ? o.sub_name_ar : o.sub_name_en));
  const name = language === "ar" ? l.name_ar : l.name_en;
  return options.length ? `${name} (${options.join(language === "ar" ? "، " : ", ")})` : name;
};

export function InvoiceDocument({ invoice, qr, timeZone, country }: { invoice: Invoice; qr: QrSymbol | null; timeZone: string; country: string | null }) {
  const lang = useLanguage();
  // The screen's language first, the other beneath it.
  const label = (key: InvoiceLabel, rate?: number) => {
    const [en, ar] = INVOICE_LABELS[key].map((s) => s.replace("{{rate}}", String(rate ?? "")));
    return lang === "ar" ? [ar, en] : [en, ar];
  };
  const Both = ({ name, rate }: { name: InvoiceLabel; rate?: number }) => {
    const [first, second] = label(name, rate);
    return (
      <>
        <span className="block">{first}</span>
        <span className="block text-xs font-normal opacity-75" lang={lang === "ar" ? "en" : "ar"}>
          <bdi>{second}</bdi>
        </span>
      </>
    );
  };
  const money = (n: number) => <bdi className="whitespace-nowrap">{formatMoney(n, lang, invoice.currency)}</bdi>;
  const sign = invoice.kind === "credit" ? -1 : 1;
  const issued = dateFormat({ lang, country, zone: timeZone }, { dateStyle: "medium", timeStyle: "short" }, "latin").format(new Date(invoice.issued_at));
  const s = invoice.seller;
  const vatBp = Math.round(invoice.vat_rate * 100);
  const taxed = showsVat({ trn: s.trn, vatBp });
  return (
    <article
      data-testid="invoice"
      data-kind={invoice.kind}
      className="rounded-2xl bg-white p-4 text-stone-900 shadow-sm ring-1 ring-black/10 print:shadow-none print:ring-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-black/10 pb-3">
        <div>
          <h1 className="text-xl font-bold">
            <Both
              name={invoice.zatca?.kind === "standard" && invoice.kind === "invoice" ? "standard" : documentTitle({ kind: invoice.kind, trn: s.trn, vatBp })}
            />
          </h1>
          <p className="mt-2 font-bold" data-testid="invoice-seller">
            {lang === "ar" ? s.name_ar : s.name_en}
          </p>
          <p className="text-sm">
            <bdi>{lang === "ar" ? s.name_en : s.name_ar}</bdi>
          </p>
          {(lang === "ar" ? s.address_ar : s.address_en) && <p className="text-sm">{lang === "ar" ? s.address_ar : s.address_en}</p>}
        </div>
        {qr && (
          <svg
            role="img"
            aria-label={label("qr")[0]}
            data-testid="invoice-qr"
            data-phase={invoice.zatca ? 2 : 1}
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            // A phase-2 payload (tags 1–9, ~600 characters) is a denser symbol: drawn larger so a phone reads it.
            className={`${invoice.zatca ? "size-56" : "size-32"} shrink-0 bg-white`}
            shapeRendering="crispEdges"
          >
            <path d={qr.path} fill="#000" />
          </svg>
        )}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 py-3 text-sm">
        {(
          [
            ["number", <span data-testid="invoice-number">{invoice.number}</span>],
            ...(invoice.credits !== null ? ([["credits", invoice.credits]] as const) : []),
            ["issued", issued],
            ...(s.trn ? ([["trn", <span dir="ltr">{s.trn}</span>]] as const) : []),
            ["order", `#${invoice.order.num_order}`],
            ...(invoice.zatca
              ? ([
                  [
                    "uuid",
                    <span dir="ltr" className="break-all">
                      {invoice.zatca.uuid}
                    </span>,
                  ],
                ] as const)
              : []),
            ...(invoice.zatca?.buyer ? ([["buyer", invoice.zatca.buyer.name]] as const) : []),
            ...(invoice.zatca?.buyer?.vatNumber ? ([["buyerTrn", <span dir="ltr">{invoice.zatca.buyer.vatNumber}</span>]] as const) : []),
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-bold">
              <Both name={key} />
            </dt>
            <dd data-testid={`invoice-field-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="border-y border-black/10">
            <tr>
              {(["item", "quantity", "unit", "amount"] as const).map((c) => (
                <th key={c} scope="col" className={cell}>
                  <Both name={c} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l, i) => (
              <tr key={i} data-testid="invoice-line" className="border-b border-black/5">
                <td className={cell}>
                  {(lang === "ar" ? (["ar", "en"] as const) : (["en", "ar"] as const)).map((language, k) => (
                    <span key={language} lang={language} className={k ? "block text-xs opacity-75" : "block"}>
                      <bdi>{lineName(l, language)}</bdi>
                    </span>
                  ))}
                </td>
                <td className={cell}>{l.amount}</td>
                <td className={cell}>{money(l.unit)}</td>
                <td className={cell}>{money(sign * l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ms-auto mt-3 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        {(
          [
            ...(invoice.service_charge > 0 ? ([["service", sign * invoice.service_charge, undefined]] as const) : []),
            ...(taxed
              ? ([
                  ["net", sign * (invoice.taxable - invoice.vat), undefined],
                  ["vatAt", sign * invoice.vat, invoice.vat_rate],
                  ["total", sign * invoice.taxable, undefined],
                ] as const)
              : ([["sum", sign * invoice.taxable, undefined]] as const)),
            ...(invoice.tip > 0 ? ([[taxed ? "tip" : "plainTip", sign * invoice.tip, undefined]] as const) : []),
            [invoice.kind === "credit" ? "refunded" : "paid", sign * invoice.total, undefined],
          ] as const
        ).map(([key, value, rate]) => (
          <div key={key} className={`contents ${key === "paid" || key === "refunded" ? "text-base font-bold" : ""}`}>
            <dt>
              <Both name={key} rate={rate} />
            </dt>
            <dd data-testid={`invoice-${key}`} className="text-end">
              {money(value)}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
