// /console/menu/import?branch= (managers and owners): upload a CSV, see the dry run (what would be
// created, updated, unchanged, and the bad lines), then apply it: all of it in one batch, or nothing.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { priceStepOf, applyPlan, branchMenu, MAX_CSV_BYTES, readImportForm, spendStash, stashImport, stashedImport } from "../../../worker/console/menu-sheet";
import { COLUMNS } from "../../../worker/rules/menu-csv/columns";
import { applicable, MAX_ROWS, planImport } from "../../../worker/rules/menu-csv/plan";
import { chosenBranch } from "./menu-export.server";

export async function loadMenuImport(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "menu");
  const { branch, branches } = await chosenBranch(request, env, tenant);
  return data(
    { branchId: branch.id, branches, columns: COLUMNS.map((c) => ({ header: c.header, kind: c.kind })), maxRows: MAX_ROWS, maxBytes: MAX_CSV_BYTES },
    { headers: CONSOLE_HEADERS },
  );
}

const refuse = (status: number, error: string, message?: string) => data({ error, message }, { status, headers: CONSOLE_HEADERS });

export async function menuImportAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, personId, tenant: consoleTenant } = await requireMember(request, env, "menu");
  const { branch } = await chosenBranch(request, env, consoleTenant);
  const read = await readImportForm(request);
  if (!read.ok) return refuse(read.error === "too-large" ? 413 : read.error === "encoding" ? 422 : 400, read.error, read.message);
  const owner = { personId, restaurantId: member.restaurant_id, branchId: branch.id };
  const tenant = { id: member.restaurant_id, country: member.country, domain: member.domain, currency: member.currency };
  const { form } = read;
  const text = form.intent === "preview" ? form.text : await stashedImport(env.HOSTS, owner, form.stash);
  if (text === null) return refuse(409, "expired");
  // Planned again on apply: the menu may have changed since the dry run.
  const plan = planImport(
    text,
    await branchMenu(env, tenant, branch.id, member.currency),
    member.currency,
    await priceStepOf(env, { id: member.restaurant_id, currency: member.currency }),
  );
  if ("tooManyRows" in plan) return refuse(422, "too-many-rows", String(plan.rows));
  if (form.intent === "preview") {
    // Kept for Apply when some line can be applied: bad lines are then skipped only if the person says so.
    const usable = !plan.fatal && plan.creates.length + plan.updates.length > 0;
    const stash = usable || !plan.errors.length ? await stashImport(env.HOSTS, owner, text) : null;
    return data({ plan, stash }, { status: plan.errors.length ? 422 : 200, headers: CONSOLE_HEADERS });
  }
  const chosen = applicable(plan, { skipBad: form.skipBad === "on", duplicates: form.duplicates });
  if (!chosen) return data({ plan, stash: form.stash, error: "rows" }, { status: 422, headers: CONSOLE_HEADERS });
  // Spent before writing, once (a conditional write), so a repeated Apply finds no file (a failed apply
  // asks for the file again).
  if (!(await spendStash(env.DB, env.HOSTS, form.stash))) return refuse(409, "expired");
  const applied = await applyPlan(env, tenant, branch.id, chosen);
  if (!applied.ok)
    return data({ plan, stash: null, error: applied.status === 409 ? "conflict" : "rows" }, { status: applied.status, headers: CONSOLE_HEADERS });
  const skipped = new Set(plan.errors.map((e) => e.line)).size + (plan.creates.length - chosen.creates.length);
  return data({ applied: { ...applied, skipped } }, { headers: CONSOLE_HEADERS });
}
