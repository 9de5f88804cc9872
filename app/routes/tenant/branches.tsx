// /{domain} and /table/{table}/{domain}: the restaurant's branches.
import type { Route } from "./+types/branches";
import { tenantTitle } from "~/lib/seo";
import { BranchList } from "~/components/branch-list/branch-list";
import { TenantErrorBoundary } from "~/components/error-screen";
import { tenantParams } from "./params.server";
import { loadBranchList } from "./branches.server";
import { publicPageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = (args) => tenantTitle(args);

// Public and kept rendered at the edge (app/lib/route-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadBranchList(context, tenantParams(params, context));
}

export default function Branches({ loaderData }: Route.ComponentProps) {
  return <BranchList data={loaderData} />;
}

export const ErrorBoundary = TenantErrorBoundary;
