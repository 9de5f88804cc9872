// GET /console/tax/zatca/{id}: a Phase-2 document's signed XML as ZATCA received it (resource route, owners).
import type { Route } from "./+types/tax-xml";
import { loadPhase2Xml } from "./tax.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPhase2Xml(request, context, params.documentId);
}
