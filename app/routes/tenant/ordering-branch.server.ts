// Cart and orders exist only where the branch takes orders (its active-order flag is 1), and at a table
// only one of the branch's tables.
import type { RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { notFound, rethrowUpstream } from "~/lib/route-errors.server";
import { idParam } from "./ids.server";
import { orderingStrings } from "~/lib/strings.server";
import { getLanguage } from "~/middleware/language";
import { requireBranchTable, tenantParams } from "./params.server";
import { pickupChoices } from "./pickup.server";

export async function requireOrderingBranch(context: Readonly<RouterContextProvider>, params: { domain?: string; table?: string; branchId?: string }) {
  const tenant = tenantParams(params, context);
  const branchId = idParam(params.branchId);
  const { branch, restaurant } = await getApp(context).upstream.getMenu(tenant.domain, branchId).catch(rethrowUpstream);
  if (!branch.active_order) throw notFound();
  requireBranchTable(tenant.table, branch);
  // `country`: the diner's number is read against it (worker/rules/e164.ts).
  return { tenant, branchId, branch, restaurant, country: restaurant.country };
}

/** The cart's data: its strings and pickup choices (the cart itself lives on the device), once the branch takes orders. */
export async function loadCart(context: Readonly<RouterContextProvider>, params: { domain?: string; table?: string; branchId?: string }) {
  const { tenant, branch, restaurant } = await requireOrderingBranch(context, params);
  const lang = getLanguage(context);
  return { screenStrings: orderingStrings(lang), pickup: pickupChoices(branch, tenant.table, { lang, country: restaurant.country }) };
}
