// Loader of an order's tax invoice (or credit note, `?kind=credit`): read with the diner's token from the
// branch's cookie, like the orders screen (not theirs, none yet, or a backend without invoices: 404).
// Personal: never cached. A Saudi invoice's ZATCA payload is drawn here as a QR symbol (SVG path).
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { readOrderToken } from "~/lib/order-token.server";
import { notFound, rethrowUpstream } from "~/lib/route-errors.server";
import { branchPath } from "~/lib/tenant-paths";
import { qrSymbol } from "../../../worker/rules/qr-symbol";
import { branchZone } from "../../../worker/rules/local-time";
import { idParam } from "./ids.server";
import { requireOrderingBranch } from "./ordering-branch.server";
import { PRIVATE_HEADERS } from "~/lib/route-headers";

export async function loadInvoice(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { domain?: string; table?: string; branchId?: string; orderId?: string },
) {
  const { tenant, branchId, branch, restaurant } = await requireOrderingBranch(context, params);
  const orderId = idParam(params.orderId);
  const kind = new URL(request.url).searchParams.get("kind") === "credit" ? "credit" : "invoice";
  const owner = readOrderToken(request, branchId);
  if (!owner) throw notFound();
  const invoice = await getApp(context).ordering.orderInvoice(owner.token, orderId, kind).catch(rethrowUpstream);
  return data(
    {
      invoice,
      qr: invoice.zatca_qr ? qrSymbol(invoice.zatca_qr) : null,
      // Its date and time on the branch's clock (the same on the server's render and the diner's phone).
      timeZone: branchZone(branch.time_zone),
      country: restaurant.country,
      orders: `${branchPath(tenant, branchId)}/orders`,
    },
    { headers: PRIVATE_HEADERS },
  );
}
