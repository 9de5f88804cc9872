// /{domain}/{branch_id}/cart: the cart on the device, checkout by SMS code or hosted payment. The server
// paints the frame (the lines live in the device's storage); the screen's code comes once hydrated.
import { lazy, Suspense } from "react";
import type { Route } from "./+types/cart";
import { CartPlaceholder } from "~/components/cart/cart-frame";
import { TenantErrorBoundary } from "~/components/error-screen";
import { useHydrated } from "~/lib/hydrated";
import { tenantTitle } from "~/lib/seo";
import { useBranch } from "./branch-layout";
import { checkoutAction } from "./checkout.server";
import { loadCart } from "./ordering-branch.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const handle = { back: "home" };
export const meta: Route.MetaFunction = (args) => tenantTitle(args, (_, t) => t("nav.cart"));
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadCart(context, params);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return checkoutAction(request, context, params);
}

const CartScreen = lazy(() => import("~/components/cart/cart-screen").then((m) => ({ default: m.CartScreen })));

export default function Cart({ loaderData }: Route.ComponentProps) {
  const { table } = useBranch();
  const placeholder = <CartPlaceholder table={table} />;
  return useHydrated() ? (
    <Suspense fallback={placeholder}>
      <CartScreen pickup={loaderData.pickup} />
    </Suspense>
  ) : (
    placeholder
  );
}

export const ErrorBoundary = TenantErrorBoundary;
