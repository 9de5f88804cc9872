// /{domain}/{branch_id}/…: the branch's colours and chrome (header, bottom navigation) around
// every branch screen; children read the branch data through the outlet context.
import { Outlet, useLocation, useMatches, useNavigation, useOutletContext, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/branch-layout";
import { tenantTitle } from "~/lib/seo";
import { BottomNav } from "~/components/chrome/bottom-nav";
import { TopBar } from "~/components/chrome/top-bar";
import { TenantErrorBoundary } from "~/components/error-screen";
import { ProducedBy } from "~/components/produced-by";
import { brandProps } from "~/lib/brand-props";
import { useCartCount } from "~/lib/cart-count";
import { localized, useLanguage } from "~/lib/localized";
import { OrderingNotice, OrderingStateProvider } from "~/lib/ordering-state";
import { skeletonKindOf } from "~/lib/tenant-paths";
import { useLoadedWhenIdle } from "~/lib/when-idle";
import { loadBranch, type BranchData } from "./branch.server";
import { publicPageHeaders } from "~/lib/route-headers";

// The branch's data changes with the branch, or after an action (an order, a language switch), or
// when a screen asks (the cart, told by the API that ordering was paused meanwhile); moving between
// its menus and categories keeps it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, currentParams, nextParams, formMethod, defaultShouldRevalidate }) =>
  formMethod || currentUrl.href === nextUrl.href
    ? defaultShouldRevalidate
    : currentParams.branchId !== nextParams.branchId || currentParams.domain !== nextParams.domain || currentParams.table !== nextParams.table;

// The branch home's title (its children name their own): "Branch · Restaurant".
export const meta: Route.MetaFunction = (args) => tenantTitle(args, (lang) => (args.loaderData ? localized(args.loaderData.branch, "name", lang) : null));

// Public and kept at the edge; cart and orders below answer `private, no-store` instead.
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadBranch(request, context, params);
}

// Shown only while a navigation loads: fetched at idle; until it is in, the current screen stays.
const loadSkeleton = () => import("~/components/branch/screen-skeleton");

/** Where each screen's back button goes: `handle: { back: "branches" | "home" | "history" }`. */
export type BackTarget = "branches" | "home" | "history";

export default function BranchLayout({ loaderData: branch }: Route.ComponentProps) {
  const lang = useLanguage();
  const matches = useMatches();
  const back = (matches.at(-1)?.handle as { back?: BackTarget } | undefined)?.back ?? "home";
  const cartCount = useCartCount(branch.branch.id);
  const backTo = back === "branches" ? branch.home : back === "home" ? branch.base : undefined;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const target = navigation.state === "loading" && navigation.location.pathname !== pathname ? navigation.location.pathname : null;
  const pending = target ? skeletonKindOf(target, branch.base) : null;
  const ScreenSkeleton = useLoadedWhenIdle(loadSkeleton)?.ScreenSkeleton;
  return (
    <div {...brandProps(branch.brand)} className="min-h-dvh bg-surface pb-20 text-on-surface">
      <TopBar title={localized(branch.restaurant, "name", lang)} homeHref={branch.base} backTo={backTo} />
      <OrderingStateProvider
        pausedUntil={branch.branch.takesOrders ? branch.branch.pausedUntil : null}
        openStretches={branch.branch.takesOrders ? branch.branch.openStretches : null}
        menuStretches={branch.menuStretches}
        menuWindows={branch.menuWindows}
        timeZone={branch.branch.timeZone}
        locales={branch.branch.locales}
        renderedAt={branch.renderedAt}
      >
        <OrderingNotice className="mx-4 mb-3" />
        {pending && ScreenSkeleton ? <ScreenSkeleton kind={pending} /> : <Outlet context={branch} />}
      </OrderingStateProvider>
      <ProducedBy />
      <BottomNav
        base={branch.base}
        takesOrders={branch.branch.takesOrders}
        hasOrders={branch.hasOrders}
        cartCount={cartCount}
        service={branch.table && branch.branch.serviceCalls ? `${branch.base}/service` : null}
        branch={branch.branch}
        social={branch.social}
      />
    </div>
  );
}

export const useBranch = () => useOutletContext<BranchData>();

export const ErrorBoundary = TenantErrorBoundary;
