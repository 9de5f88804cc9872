// GET /console/menu/export.csv?branch= (managers and owners): the branch's menu as a CSV download.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import * as v from "valibot";
import { CONSOLE_HEADERS, ConsoleId, requireMember, type ConsoleTenant } from "~/lib/console-session.server";
import { exportMenuCsv, sheetBranches } from "../../../worker/console/menu-sheet";

/** The `?branch=` of a menu CSV URL among the restaurant's branches (none given: the first), or a thrown 400/404. */
export async function chosenBranch(request: Request, env: Env, tenant: ConsoleTenant) {
  const branches = await sheetBranches(env, tenant);
  const asked = new URL(request.url).searchParams.get("branch");
  const id = asked === null ? null : v.safeParse(ConsoleId, asked);
  if (id && !id.success) throw data({ error: "branch", message: "branch must be a branch id" }, { status: 400, headers: CONSOLE_HEADERS });
  const branch = id === null ? branches[0] : branches.find((b) => b.id === id.output);
  if (!branch) throw data({ error: "not-found", message: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  return { branch, branches };
}

export async function loadMenuExport(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "menu");
  const { branch } = await chosenBranch(request, env, tenant);
  return new Response(await exportMenuCsv(env, { id: member.restaurant_id, country: member.country }, branch.id, member.currency), {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="menu-${member.domain}-branch-${branch.id}.csv"`,
    },
  });
}
