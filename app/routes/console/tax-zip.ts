// GET /console/tax/invoices.zip?month=YYYY-MM: the month's CSV and each Phase-2 document's signed XML in one ZIP (resource route, owners).
import type { Route } from "./+types/tax-zip";
import { loadInvoicesZip } from "./tax.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInvoicesZip(request, context);
}
