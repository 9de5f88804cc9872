// /console/branches (managers and owners): the restaurant's branches and their diner links.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { branchesPage } from "../../../worker/console/branches";

export async function loadBranches(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "branches");
  return data({ domain: member.domain, ...(await branchesPage(env, tenant)) }, { headers: CONSOLE_HEADERS });
}
