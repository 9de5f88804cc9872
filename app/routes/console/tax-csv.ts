// GET /console/tax/invoices.csv?month=YYYY-MM: the month's invoices and credit notes for the accountant (resource route).
import type { Route } from "./+types/tax-csv";
import { loadInvoicesCsv } from "./tax.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInvoicesCsv(request, context);
}
