// "/": the marketing landing on the site's own hosts; on a restaurant's custom host, its branch list.
import type { Route } from "./+types/home";
import { BranchList } from "~/components/branch-list/branch-list";
import { TenantErrorBoundary } from "~/components/error-screen";
import { Landing } from "~/components/marketing/landing";
import { getApp } from "~/context";
import { marketingData, marketingPage } from "~/lib/marketing.server";
import { marketingMeta } from "~/lib/marketing-meta";
import { tenantTitle } from "~/lib/seo";
import { loadBranchList } from "./tenant/branches.server";
import { publicPageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.kind === "restaurant"
    ? tenantTitle({ ...args, params: { domain: args.loaderData.branches.domain } }, undefined, args.loaderData.branches.restaurant)
    : marketingMeta(args.loaderData, "home");

export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { host } = getApp(context);
  if (host.kind === "custom") {
    return { kind: "restaurant" as const, branches: await loadBranchList(context, { domain: host.domain, table: null }) };
  }
  return marketingData({ kind: "marketing" as const, ...marketingPage(request, context) });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "restaurant" ? <BranchList data={loaderData.branches} /> : <Landing trialDays={loaderData.trialDays} guide={loaderData.guide} />;
}

export const ErrorBoundary = TenantErrorBoundary;
