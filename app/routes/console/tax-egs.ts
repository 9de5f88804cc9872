// POST /console/tax/egs: the tax screen's ZATCA onboarding form posts here (a resource route; owners).
import type { Route } from "./+types/tax-egs";
import { egsAction } from "./tax-egs.server";

export const action = ({ request, context }: Route.ActionArgs) => egsAction(request, context);
