// GET /console/branches/:branchId/codes.pdf?from=&to=&per=: the table codes as an A4 PDF (resource route).
import type { Route } from "./+types/codes-pdf";
import { loadCodesPdf } from "./codes.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCodesPdf(request, context, params.branchId);
}
