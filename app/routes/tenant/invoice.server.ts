// Loader of an order's tax invoice (or credit note, `?kind=credit`): read with the diner's token from the
// branch's cookie, like the orders screen (not theirs, none yet, or a backend without invoices: 404).
// Personal: never cached. A Saudi invoice's ZATCA payload is drawn here as a QR symbol (SVG path). Its action
// asks for a standard (B2B) invoice of a Phase-2 one, cleared by ZATCA before the page shows it.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { readTextFields } from "~/lib/form-body.server";
import { UpstreamError } from "../../../worker/upstream/errors";
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
  const query = new URL(request.url).searchParams;
  const kind = query.get("kind") === "credit" ? "credit" : "invoice";
  // One of the order's credit notes by its number (an order refunded in parts has several).
  const number = kind === "credit" && query.has("number") ? v.safeParse(CreditNumber, query.get("number")) : null;
  if (number && !number.success) throw notFound();
  const owner = readOrderToken(request, branchId);
  if (!owner) throw notFound();
  const invoice = await getApp(context)
    .ordering.orderInvoice(owner.token, orderId, kind, number?.output ?? null)
    .catch(rethrowUpstream);
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

const CreditNumber = v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number));

/** The B2B form's fields, checked here as the API checks them (a refused one is shown beside it). */
const B2bForm = v.object({
  company: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  vat_number: v.pipe(v.string(), v.trim(), v.regex(/^3\d{13}3$/)),
  street: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  building: v.pipe(v.string(), v.trim(), v.regex(/^\d{4}$/)),
  district: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  city: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  postal_code: v.pipe(v.string(), v.trim(), v.regex(/^\d{5}$/)),
});
export type B2bField = keyof v.InferOutput<typeof B2bForm>;

export type B2bOutcome =
  | { ok: true; cleared: boolean; messages: { code: string; message: string }[] }
  | { ok: false; problem: "invalid" | "signedOut" | "refused"; fields: B2bField[]; typed: Record<string, string> };

export async function standardInvoiceAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { domain?: string; table?: string; branchId?: string; orderId?: string },
) {
  const { branchId } = await requireOrderingBranch(context, params);
  const orderId = idParam(params.orderId);
  const typed = (await readTextFields(request)) ?? {};
  const answer = (body: B2bOutcome, status = 200) => data(body, { status, headers: PRIVATE_HEADERS });
  const form = v.safeParse(B2bForm, typed);
  if (!form.success) {
    const fields = [...new Set(form.issues.map((i) => String(i.path?.[0]?.key ?? "")))].filter(Boolean) as B2bField[];
    return answer({ ok: false, problem: "invalid", fields, typed }, 422);
  }
  const owner = readOrderToken(request, branchId);
  if (!owner) return answer({ ok: false, problem: "signedOut", fields: [], typed }, 401);
  try {
    const result = await getApp(context).ordering.requestStandardInvoice(owner.token, orderId, form.output);
    return answer({ ok: true, ...result });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 401) return answer({ ok: false, problem: "signedOut", fields: [], typed }, 401);
    if (error instanceof UpstreamError && error.status === 422) {
      const errors = (error.body as { errors?: Record<string, unknown> } | null)?.errors ?? {};
      return answer({ ok: false, problem: "invalid", fields: Object.keys(errors) as B2bField[], typed }, 422);
    }
    if (error instanceof UpstreamError && (error.status === 409 || error.status === 404))
      return answer({ ok: false, problem: "refused", fields: [], typed }, 409);
    return rethrowUpstream(error);
  }
}
