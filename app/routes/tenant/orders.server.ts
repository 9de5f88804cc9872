// Loader of the orders screen: the diner's orders at this branch's restaurant, by the token in
// the branch's HttpOnly cookie. Personal: never cached anywhere. Each order carries the name of its
// live-status channel (or null), which only this owner is told.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { readOrderToken } from "~/lib/order-token.server";
import { rethrowUpstream } from "~/lib/route-errors.server";
import { UpstreamError } from "../../../worker/upstream/errors";
import { orderChannel } from "../../../worker/realtime/channels";
import { isFinal } from "../../../worker/api/ordering/status-table";
import { requireOrderingBranch } from "./ordering-branch.server";

/** Newest orders first; more channels than this would exceed the hub's per-socket limit (10). */
const MAX_LIVE_ORDERS = 8;

/** The live-status channel of the `index`-th order, or null (final: nothing more will be published; or too old to follow). */
function liveChannel(order: { public_id: string | null; status: number }, index: number): string | null {
  return order.public_id && !isFinal(order.status) && index < MAX_LIVE_ORDERS ? orderChannel(order.public_id) : null;
}

export async function loadOrders(request: Request, context: Readonly<RouterContextProvider>, params: { domain?: string; table?: string; branchId?: string }) {
  const { tenant, branchId } = await requireOrderingBranch(context, params);
  const url = new URL(request.url);
  const all = url.searchParams.get("all") === "1";
  const justOrdered = url.searchParams.get("justOrdered") === "true";
  const headers = { "Cache-Control": "private, no-store" };
  const owner = readOrderToken(request, branchId);
  if (!owner) return data({ signedIn: false, all, justOrdered, orders: [] }, { headers });
  const { ordering, upstream } = getApp(context);
  const orders = await ordering.getOrders(owner.token, { domain: tenant.domain, phoneCustomer: owner.phone, all: all ? 1 : 0 }).catch((error: unknown) => {
    // An expired or revoked token reads as signed out, not as an error page.
    if (error instanceof UpstreamError && error.status === 401) return null;
    return rethrowUpstream(error);
  });
  const image = (path: string | null) => (path ? `${upstream.imageBase}${path}` : null);
  return data({
    signedIn: orders !== null,
    all,
    justOrdered,
    orders: (orders ?? []).map((o, index) => ({ ...o, channel: liveChannel(o, index), items: o.items.map((i) => ({ ...i, product: { ...i.product, image: image(i.product.image) } })) })),
  }, { headers });
}

export type OrdersData = Awaited<ReturnType<typeof loadOrders>>["data"];
