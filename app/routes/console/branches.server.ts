// /console/branches (managers and owners): the restaurant's branches and their diner links.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { branchesOf } from "../../../worker/api/console/reads";

export async function loadBranches(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env, "branches");
  return data({ domain: member.domain, branches: await branchesOf(env.DB, member.restaurant_id) }, { headers: CONSOLE_HEADERS });
}
