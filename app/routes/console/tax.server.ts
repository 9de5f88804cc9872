// /console/tax (owners, the "billing" capability): the restaurant as a seller (legal names, TRN, address,
// VAT rate, service charge, tips) and its invoices and credit notes by month, with the accountant's CSV
// (/console/tax/invoices.csv?month=). A refused field is a 422 beside it, keeping what was typed.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { readTextFields } from "~/lib/form-body.server";
import { fieldErrors } from "../../../worker/rules/menu-forms";
import { restaurantZone } from "../../../worker/console/reads";
import { invoicesCsv, invoicesOfMonth, MONTH, monthOf } from "../../../worker/console/invoice-list";
import { saveSeller, SellerForm, sellerOf, type SellerProblem } from "../../../worker/console/seller";
import { restaurantOrders } from "../../../worker/restaurant/stub";
import { bumpTenantVersion } from "../../../worker/directory/versions";

/** `?month=` (none: this month in the restaurant's zone), or a thrown 400. */
function monthAsked(request: Request, timeZone: string): string {
  const asked = new URL(request.url).searchParams.get("month");
  if (asked !== null && !MONTH.test(asked)) throw data({ error: "month", message: "month must be YYYY-MM" }, { status: 400, headers: CONSOLE_HEADERS });
  return asked ?? monthOf(Date.now(), timeZone);
}

export async function loadTax(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, catalogue } = await requireMember(request, env, "billing");
  const timeZone = await restaurantZone(catalogue, member.restaurant_id);
  const month = monthAsked(request, timeZone);
  const [seller, invoices] = await Promise.all([
    sellerOf(catalogue, member.restaurant_id, member.country),
    invoicesOfMonth(restaurantOrders(env, { id: member.restaurant_id }), month, timeZone, 500),
  ]);
  return data({ seller, country: member.country, currency: member.currency, month, timeZone, ...invoices }, { headers: CONSOLE_HEADERS });
}

export type TaxOutcome = { ok: true } | { ok: false; problems: Partial<Record<string, SellerProblem>>; typed: Record<string, string> };

export async function taxAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, catalogue } = await requireMember(request, env, "billing");
  const fields = (await readTextFields(request)) ?? {};
  const parsed = v.safeParse(SellerForm(member.country), fields);
  if (!parsed.success) {
    const problems = fieldErrors(parsed.issues) as Partial<Record<string, SellerProblem>>;
    return data<TaxOutcome>({ ok: false, problems, typed: fields }, { status: 422, headers: CONSOLE_HEADERS });
  }
  await saveSeller(catalogue, member.restaurant_id, parsed.output);
  // The diner's cart shows the VAT and the charge, and checkout offers tips: their pages change at once.
  await bumpTenantVersion(env.HOSTS, member.domain);
  return data<TaxOutcome>({ ok: true }, { headers: CONSOLE_HEADERS });
}

export async function loadInvoicesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, catalogue } = await requireMember(request, env, "billing");
  const timeZone = await restaurantZone(catalogue, member.restaurant_id);
  const month = monthAsked(request, timeZone);
  const { documents } = await invoicesOfMonth(restaurantOrders(env, { id: member.restaurant_id }), month, timeZone);
  return new Response(invoicesCsv(documents, timeZone), {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${member.domain}-${month}.csv"`,
    },
  });
}
