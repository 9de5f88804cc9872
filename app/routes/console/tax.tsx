// /console/tax (owners only): the restaurant as a seller on its invoices, the VAT in its prices, a
// service charge and tips; a Saudi restaurant's ZATCA registration per branch; and the month's invoices
// and credit notes with the accountant's CSV.
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/tax";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { EgsSection } from "~/components/console/tax/egs-panel";
import { InvoiceTable } from "~/components/console/tax/invoice-table";
import { SellerForm } from "~/components/console/tax/seller-form";
import { useConsoleTranslation } from "~/locales/console";
import { loadTax, taxAction } from "./tax.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Tax & invoices" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadTax(request, context);
export const action = ({ request, context }: Route.ActionArgs) => taxAction(request, context);

export default function Tax({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const outcome = useActionData<typeof action>();
  const { seller, month, documents, totals, timeZone, egs } = loaderData;
  return (
    <section aria-labelledby="tax-title" className="max-w-3xl space-y-5">
      <h1 id="tax-title" className="text-2xl font-bold">
        {t("console.tax.title")}
      </h1>
      <p className="text-stone-600 dark:text-stone-300">{t("console.tax.intro")}</p>
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="tax-outcome"
          className={`rounded-xl px-4 py-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {outcome.ok ? t("console.tax.saved") : t("console.tax.refused")}
        </p>
      )}
      <SellerForm key={JSON.stringify(seller)} seller={seller} outcome={outcome} saudi={loaderData.country.toUpperCase() === "SA"} />
      {egs && <EgsSection panel={egs} timeZone={timeZone} />}
      <section aria-labelledby="invoices-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
        <h2 id="invoices-title" className="text-lg font-bold">
          {t("console.tax.invoicesTitle")}
        </h2>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form method="get" className="flex items-end gap-2">
            <label className="grid gap-1 text-sm font-bold">
              {t("console.tax.month")}
              <input
                type="month"
                name="month"
                defaultValue={month}
                required
                data-testid="invoice-month"
                className="rounded-xl border border-black/15 bg-white px-3 py-2 font-normal dark:border-white/20 dark:bg-stone-950"
              />
            </label>
            <button type="submit" className="rounded-full px-4 py-2 font-bold ring-1 ring-black/15 dark:ring-white/20">
              {t("console.tax.show")}
            </button>
          </Form>
          <a href={`/console/tax/invoices.csv?month=${month}`} download data-testid="invoice-csv" className="rounded-full px-4 py-2 font-bold underline">
            {t("console.tax.csv")}
          </a>
          {/* Phase-2 documents exist only for a Saudi seller (SAR): elsewhere the ZIP would only wrap the CSV. */}
          {(loaderData.country.toUpperCase() === "SA" || documents.some((d) => d.phase2)) && (
            <a href={`/console/tax/invoices.zip?month=${month}`} download data-testid="invoice-zip" className="rounded-full px-4 py-2 font-bold underline">
              {t("console.tax.zip")}
            </a>
          )}
        </div>
        <div className="mt-4">
          <InvoiceTable documents={documents} totals={totals} timeZone={timeZone} />
          {documents.length >= 500 && <p className="mt-2 text-sm">{t("console.tax.capped")}</p>}
        </div>
      </section>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
