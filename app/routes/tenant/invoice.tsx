// /{domain}/{branch}/orders/{order}/invoice[?kind=credit[&number=N]]: the diner's tax invoice, receipt or credit note
// of one of their orders, opened from the order; printing it (or saving it as a PDF) leaves out the page's chrome. An
// order refunded in parts has a credit note for each, listed above the one shown (docs/decisions/0083). Under a
// Phase-2 simplified invoice, the diner may ask for a standard (B2B) one (docs/decisions/0073).
import { Link } from "react-router";
import type { Route } from "./+types/invoice";
import { B2bForm } from "~/components/orders/b2b-form";
import { InvoiceDocument } from "~/components/orders/invoice-document";
import { INVOICE_LABELS } from "~/components/orders/invoice-labels";
import { TenantErrorBoundary } from "~/components/error-screen";
import { tenantTitle } from "~/lib/seo";
import { useLanguage } from "~/lib/localized";
import { documentTitle } from "../../../worker/rules/tax-document";
import { loadInvoice, standardInvoiceAction } from "./invoice.server";
import { privatePageHeaders } from "~/lib/route-headers";

type Invoice = Route.ComponentProps["loaderData"]["invoice"];

const titleOf = (invoice: Invoice) => documentTitle({ kind: invoice.kind, trn: invoice.seller.trn, vatBp: Math.round(invoice.vat_rate * 100) });

export const headers: Route.HeadersFunction = privatePageHeaders;
export const meta: Route.MetaFunction = (args) => [
  ...tenantTitle(args, (lang) =>
    args.loaderData ? `${INVOICE_LABELS[titleOf(args.loaderData.invoice)][lang === "ar" ? 1 : 0]} ${args.loaderData.invoice.number}` : null,
  ),
  { name: "robots", content: "noindex" },
];

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadInvoice(request, context, params);
export const action = ({ request, context, params }: Route.ActionArgs) => standardInvoiceAction(request, context, params);

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const lang = useLanguage();
  const say = (key: "print" | "back" | "creditNotes" | "credit") => INVOICE_LABELS[key][lang === "ar" ? 1 : 0];
  const { invoice } = loaderData;
  const notes = invoice.kind === "credit" ? invoice.credit_notes : [];
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pb-8">
      {/* Only the document on paper: everything else of the page (its header, the bottom bar, these buttons) stays on screen. */}
      <style>
        {
          "@media print{body *{visibility:hidden}[data-testid=invoice],[data-testid=invoice] *{visibility:visible}[data-testid=invoice]{position:absolute;inset:0 0 auto}}"
        }
      </style>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <Link to={loaderData.orders} className="font-bold text-primary underline-offset-4 hover:underline dark:text-on-surface">
          {say("back")}
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          data-testid="print-invoice"
          className="rounded-full bg-primary px-4 py-2 font-bold text-on-primary"
        >
          {say("print")}
        </button>
      </div>
      {notes.length > 1 && (
        <nav aria-label={say("creditNotes")} data-testid="credit-notes" className="mb-3 flex flex-wrap items-center gap-2 text-sm print:hidden">
          <span className="font-bold">{say("creditNotes")}</span>
          {notes.map((n) => (
            <Link
              key={n}
              to={`?kind=credit&number=${n}`}
              aria-current={n === invoice.number ? "page" : undefined}
              className="rounded-full px-3 py-1 ring-1 ring-on-surface/20 aria-[current=page]:bg-primary aria-[current=page]:text-on-primary aria-[current=page]:ring-primary"
            >
              {say("credit")} {n}
            </Link>
          ))}
        </nav>
      )}
      <InvoiceDocument invoice={loaderData.invoice} qr={loaderData.qr} timeZone={loaderData.timeZone} country={loaderData.country} />
      {loaderData.invoice.kind === "invoice" && loaderData.invoice.zatca?.kind === "simplified" && <B2bForm />}
    </main>
  );
}

export const ErrorBoundary = TenantErrorBoundary;
