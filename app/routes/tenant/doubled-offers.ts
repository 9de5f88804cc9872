// /table/{t}/table/{t}/{domain}/{branch}/offers → the offers screen of that table (permanent).
import { redirect } from "react-router";
import type { Route } from "./+types/doubled-offers";
import { notFound } from "~/lib/route-errors.server";
import { branchPath } from "~/lib/tenant-paths";
import { idParam } from "./ids.server";
import { tenantParams } from "./params.server";

export function loader({ params, context }: Route.LoaderArgs) {
  const tenant = tenantParams(params, context);
  if (params.table2 !== params.table) throw notFound();
  return redirect(`${branchPath(tenant, idParam(params.branchId))}/offers`, 301);
}
