// Loader of the orders screen: the diner's orders at this branch's restaurant, by the token in
// the branch's HttpOnly cookie. Personal: never cached anywhere. Each order carries the name of its
// live-status channel (or null), which only this owner is told. The return from a hosted payment
// (`?paid={session}`) is exchanged here, once, for a token that reads that order only.
import { data, redirect, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { orderTokenSetCookie, readOrderToken } from "~/lib/order-token.server";
import { rethrowUpstream } from "~/lib/route-errors.server";
import { branchPath, type TenantParams } from "~/lib/tenant-paths";
import { UpstreamError } from "../../../worker/upstream/errors";
import type { Ordering } from "../../../worker/upstream/ordering";
import { orderChannel, restaurantHub } from "../../../worker/realtime/channels";
import { isFinal, statusName } from "../../../worker/rules/status-table";
import { storedTime } from "../../../worker/rules/local-time";
import { requireOrderingBranch } from "./ordering-branch.server";
import { orderingStrings } from "~/lib/strings.server";
import { getLanguage } from "~/middleware/language";
import { PRIVATE_HEADERS } from "~/lib/route-headers";
import { imageUrl } from "../../../worker/rules/image-url";

/** Newest orders first; more channels than this would exceed the hub's per-socket limit (10). */
const MAX_LIVE_ORDERS = 8;

/** How long a served card order is followed: the restaurant may refund part of it (a cold dish, docs/decisions/0083). */
const REFUNDABLE_FOLLOWED_MS = 3 * 3_600_000;

type Followed = {
  public_id: string | null;
  status: number;
  refund: { status: string } | null;
  payment?: string;
  paid?: number | boolean;
  created_at: string | null;
};

/**
 * The live-status channel of the `index`-th order, or null (final: nothing more will be published, unless
 * a cancelled order's refund is still on its way, or a card order served in the last hours may be refunded
 * in part; or too old to follow).
 */
function liveChannel(order: Followed, index: number, now: number): string | null {
  const refundable = order.payment === "online" && Boolean(order.paid) && statusName(order.status) === "ready";
  const changing =
    !isFinal(order.status) || order.refund?.status === "pending" || (refundable && storedTime(order.created_at ?? "") > now - REFUNDABLE_FOLLOWED_MS);
  return order.public_id && changing && index < MAX_LIVE_ORDERS ? orderChannel(order.public_id) : null;
}

/**
 * The success return of a hosted payment: the session is exchanged for an order-scoped token (kept in
 * the branch's cookie), then the clean URL, so a reload exchanges nothing. `order` names the paid order:
 * once the screen shows it, the device clears the cart. A token the diner already holds that sees the
 * order (a phone token, earned by SMS code for the same phone) is kept: it reads more. A session the API
 * refuses (unpaid, cancelled, expired, unknown, already exchanged) leads to the plain list; a backend
 * without the call (an external UPSTREAM_URL) or a failing one to the thanks, unconfirmed.
 */
async function exchangePayment(request: Request, ordering: Ordering, tenant: TenantParams & { domain: string }, branchId: number, session: string) {
  const orders = `${branchPath(tenant, branchId)}/orders`;
  try {
    const granted = await ordering.paymentToken({ domain: tenant.domain, session });
    const held = readOrderToken(request, branchId);
    // The API says whether it is the same diner (it reads every spelling of a number as one).
    const keep =
      held !== null &&
      (await ordering.showOrder(held.token, granted.order_id).then(
        () => true,
        () => false,
      ));
    const headers: HeadersInit = keep
      ? PRIVATE_HEADERS
      : { ...PRIVATE_HEADERS, "Set-Cookie": orderTokenSetCookie(request, branchId, granted.token, granted.phone) };
    return redirect(`${orders}?justOrdered=true&order=${granted.order_id}`, { headers });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 422) return redirect(orders, { headers: PRIVATE_HEADERS });
    return redirect(`${orders}?justOrdered=true`, { headers: PRIVATE_HEADERS });
  }
}

export async function loadOrders(request: Request, context: Readonly<RouterContextProvider>, params: { domain?: string; table?: string; branchId?: string }) {
  const { tenant, branchId } = await requireOrderingBranch(context, params);
  const url = new URL(request.url);
  const all = url.searchParams.get("all") === "1";
  const justOrdered = url.searchParams.get("justOrdered") === "true";
  const order = Number(url.searchParams.get("order"));
  const paidOrder = Number.isSafeInteger(order) && order > 0 ? order : null;
  const headers = PRIVATE_HEADERS;
  const { ordering, upstream } = getApp(context);
  const session = url.searchParams.get("paid");
  if (session !== null) throw await exchangePayment(request, ordering, tenant, branchId, session);
  const owner = readOrderToken(request, branchId);
  const screenStrings = orderingStrings(getLanguage(context));
  // The restaurant's own channel server (docs/decisions/0038).
  const hub = restaurantHub(tenant.domain);
  if (!owner) return data({ signedIn: false, all, justOrdered, paidOrder, orders: [], screenStrings, hub }, { headers });
  const orders = await ordering.getOrders(owner.token, { domain: tenant.domain, phoneCustomer: owner.phone, all: all ? 1 : 0 }).catch((error: unknown) => {
    // An expired or revoked token reads as signed out, not as an error page.
    if (error instanceof UpstreamError && error.status === 401) return null;
    return rethrowUpstream(error);
  });
  const image = (path: string | null) => imageUrl(path, upstream.imageBase);
  return data(
    {
      signedIn: orders !== null,
      all,
      justOrdered,
      paidOrder,
      orders: (orders ?? []).map((o, index) => ({
        ...o,
        channel: liveChannel(o, index, Date.now()),
        items: o.items.map((i) => ({ ...i, product: { ...i.product, image: image(i.product.image) } })),
      })),
      screenStrings,
      hub,
    },
    { headers },
  );
}

export type OrdersData = Awaited<ReturnType<typeof loadOrders>>["data"];
