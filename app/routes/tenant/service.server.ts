// Loader and action of a table's service screen (docs/decisions/0055): call a waiter, ask for the bill (paid by
// card or at the counter), and the table's calls with their state. Only at a table (`/table/{t}/…`)
// of a branch that takes calls (the embedded API's switch); personal to the table, never cached.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { readForm } from "~/lib/form-body.server";
import { notFound, rethrowUpstream } from "~/lib/route-errors.server";
import { orderingStrings } from "~/lib/strings.server";
import { getLanguage } from "~/middleware/language";
import { UpstreamError } from "../../../worker/upstream/errors";
import type { ServiceCall } from "../../../worker/upstream/service-schemas";
import { restaurantHub } from "../../../worker/realtime/channels";
import { idParam } from "./ids.server";
import { requireBranchTable, tenantParams } from "./params.server";
import { PRIVATE_HEADERS } from "~/lib/route-headers";

type Params = { domain?: string; table?: string; branchId?: string };

/** The table and branch of a service screen, or a 404: no table in the URL, a number above the branch's tables (or 9999), or a branch that takes no calls. */
async function serviceTable(context: Readonly<RouterContextProvider>, params: Params) {
  const tenant = tenantParams(params, context);
  const branchId = idParam(params.branchId);
  if (tenant.table === null) throw notFound();
  const { branch } = await getApp(context).upstream.getMenu(tenant.domain, branchId).catch(rethrowUpstream);
  requireBranchTable(tenant.table, branch);
  if (!branch.service_calls) throw notFound();
  return { domain: tenant.domain, branch_id: branchId, table_id: Number(tenant.table) };
}

/** The newest call of each kind (a diner sees where each request stands, not its history). */
const newestPerKind = (calls: readonly ServiceCall[]) => calls.filter((call, i) => calls.findIndex((c) => c.kind === call.kind) === i);

export async function loadService(context: Readonly<RouterContextProvider>, params: Params) {
  const table = await serviceTable(context, params);
  const calls = await getApp(context).ordering.tableCalls(table).catch(rethrowUpstream);
  return data(
    { table: table.table_id, calls: newestPerKind(calls), hub: restaurantHub(table.domain), screenStrings: orderingStrings(getLanguage(context)) },
    { headers: PRIVATE_HEADERS },
  );
}

const CallForm = v.variant("kind", [v.object({ kind: v.literal("waiter") }), v.object({ kind: v.literal("bill"), pay: v.picklist(["card", "counter"]) })]);

export type ServiceOutcome = { ok: true } | { ok: false; problem: "invalid" | "rateLimited" | "off" | "unavailable" };

export async function serviceAction(request: Request, context: Readonly<RouterContextProvider>, params: Params) {
  const table = await serviceTable(context, params);
  const form = await readForm(request);
  const parsed = v.safeParse(CallForm, form ? Object.fromEntries(form) : undefined);
  const refuse = (problem: Exclude<ServiceOutcome, { ok: true }>["problem"], status: number) =>
    data({ ok: false, problem } as ServiceOutcome, { status, headers: PRIVATE_HEADERS });
  if (!parsed.success) return refuse("invalid", 400);
  try {
    await getApp(context).ordering.callService({ ...table, ...parsed.output });
    return data({ ok: true } as ServiceOutcome, { headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 429) return refuse("rateLimited", 429);
    if (error instanceof UpstreamError && error.status === 409) return refuse("off", 409);
    return refuse("unavailable", 503);
  }
}
