// "/": the marketing landing on the site's own hosts; on a restaurant's custom host, its branch list.
import type { Route } from "./+types/home";
import { BranchList } from "~/components/branch-list/branch-list";
import { TenantErrorBoundary } from "~/components/error-screen";
import { Landing } from "~/components/marketing/landing";
import { getApp } from "~/context";
import { loadBranchList } from "./tenant/branches.server";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: data?.kind === "restaurant" ? data.branches.domain.toUpperCase() : "Menu — digital menus for restaurants" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { host } = getApp(context);
  if (host.kind === "custom") {
    return { kind: "restaurant" as const, branches: await loadBranchList(context, { domain: host.domain, table: null }) };
  }
  return { kind: "marketing" as const };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "restaurant" ? <BranchList data={loaderData.branches} /> : <Landing />;
}

export const ErrorBoundary = TenantErrorBoundary;
