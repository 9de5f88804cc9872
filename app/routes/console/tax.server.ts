// /console/tax (owners, the "billing" capability): the restaurant as a seller (legal names, TRN, address,
// VAT rate, service charge, tips) and its invoices and credit notes by month, with the accountant's CSV
// (/console/tax/invoices.csv?month=), each Phase-2 document's XML (/console/tax/zatca/{id}) and the month's CSV
// and XML in one ZIP (/console/tax/invoices.zip?month=). A refused field
// is a 422 beside it, keeping what was typed.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { readTextFields } from "~/lib/form-body.server";
import {
  fieldErrors,
  invoicesCsv,
  monthDocuments,
  MONTH,
  monthOf,
  monthZip,
  phase2FileName,
  phase2XmlOf,
  restaurantZone,
  saveTaxSeller,
  SellerForm,
  taxOf,
  type SellerProblem,
} from "../../../worker/console/tax";

/** `?month=` (none: this month in the restaurant's zone), or a thrown 400. */
function monthAsked(request: Request, timeZone: string): string {
  const asked = new URL(request.url).searchParams.get("month");
  if (asked !== null && !MONTH.test(asked)) throw data({ error: "month", message: "month must be YYYY-MM" }, { status: 400, headers: CONSOLE_HEADERS });
  return asked ?? monthOf(Date.now(), timeZone);
}

export async function loadTax(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "billing");
  const timeZone = await restaurantZone(env, tenant);
  const month = monthAsked(request, timeZone);
  const tax = await taxOf(env, tenant, member.country, month, timeZone);
  return data({ country: member.country, currency: member.currency, month, timeZone, ...tax }, { headers: CONSOLE_HEADERS });
}

export type TaxOutcome = { ok: true } | { ok: false; problems: Partial<Record<string, SellerProblem>>; typed: Record<string, string> };

export async function taxAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "billing");
  const fields = (await readTextFields(request)) ?? {};
  const parsed = v.safeParse(SellerForm(member.country), fields);
  if (!parsed.success) {
    const problems = fieldErrors(parsed.issues) as Partial<Record<string, SellerProblem>>;
    return data<TaxOutcome>({ ok: false, problems, typed: fields }, { status: 422, headers: CONSOLE_HEADERS });
  }
  // The diner's cart shows the VAT and the charge, and checkout offers tips: their pages change at once.
  await saveTaxSeller(env, tenant, parsed.output);
  return data<TaxOutcome>({ ok: true }, { headers: CONSOLE_HEADERS });
}

/** The member's restaurant, the month asked and its CSV (the same bytes for the CSV and the ZIP), or a thrown 403/400. */
async function monthCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "billing");
  const timeZone = await restaurantZone(env, tenant);
  const month = monthAsked(request, timeZone);
  const documents = await monthDocuments(env, tenant, month, timeZone);
  return { env, tenant, month, timeZone, csv: { name: `invoices-${tenant.domain}-${month}.csv`, text: invoicesCsv(documents, timeZone) } };
}

export async function loadInvoicesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { csv } = await monthCsv(request, context);
  return new Response(csv.text, {
    headers: { ...CONSOLE_HEADERS, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${csv.name}"` },
  });
}

/** The month's CSV and every Phase-2 document's signed XML (zatca/…), one ZIP streamed. */
export async function loadInvoicesZip(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, tenant, month, timeZone, csv } = await monthCsv(request, context);
  return new Response(monthZip(env, tenant, month, timeZone, csv), {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="invoices-${tenant.domain}-${month}.zip"`,
    },
  });
}

/** A Phase-2 document's signed XML, downloaded; another restaurant's id, or none, is a 404. */
export async function loadPhase2Xml(request: Request, context: Readonly<RouterContextProvider>, documentId: string | undefined) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "billing");
  const id = Number(documentId);
  const found = /^[1-9]\d{0,15}$/.test(documentId ?? "") && Number.isSafeInteger(id) ? await phase2XmlOf(env, tenant, id) : null;
  if (!found) throw data({ error: "not_found", message: "No such e-invoice" }, { status: 404, headers: CONSOLE_HEADERS });
  return new Response(found.xml, {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${phase2FileName(found, tenant.domain)}"`,
    },
  });
}
