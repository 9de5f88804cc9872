// Route params from the URL are untrusted: a restaurant domain and a table are parsed here,
// and on a restaurant's custom host only that restaurant's paths exist.
import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { notFound, tableNotFound } from "~/lib/route-errors.server";
import type { TenantParams } from "~/lib/tenant-paths";
import { DomainInPath } from "../../../worker/rules/reserved";
import { SITE_PATHS } from "../../../worker/rules/site-paths";
import { isTableNumber } from "../../../worker/rules/table-number";

const Domain = v.pipe(
  DomainInPath,
  v.check((d) => !SITE_PATHS.has(d)),
);
const Table = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,5}$/));

export function tenantParams(params: { domain?: string; table?: string }, context: Readonly<RouterContextProvider>): TenantParams & { table: string | null } {
  const domain = v.safeParse(Domain, params.domain);
  const table = params.table === undefined ? null : v.safeParse(Table, params.table);
  if (!domain.success || (table && !table.success)) throw notFound();
  const { host } = getApp(context);
  if (host.kind === "custom" && host.domain !== domain.output) throw notFound();
  return { domain: domain.output, table: table?.success ? table.output : null };
}

/** A table path's number must be one of the branch's tables (1 to its number of tables, else to 9999): else a 404 saying so. */
export function requireBranchTable(table: string | null, branch: { tables: number | null }) {
  if (table !== null && !isTableNumber(Number(table), branch.tables)) throw tableNotFound();
}
