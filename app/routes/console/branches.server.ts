// /console/branches (managers and owners): the restaurant's branches and their diner links.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { branchesOf } from "../../../worker/console/reads";
import { currentPicture } from "../../../worker/storage/targets";

export async function loadBranches(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, catalogue } = await requireMember(request, env, "branches");
  const logo = await currentPicture(catalogue, member.restaurant_id, { kind: "logo", id: 0, text: "logo" });
  return data({ domain: member.domain, branches: await branchesOf(catalogue, member.restaurant_id), logo: logo ?? null }, { headers: CONSOLE_HEADERS });
}
