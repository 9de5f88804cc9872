// /console/insights: what diners look at in one branch over the last 7 or 30 days (`?days=7&branch=`).
// Managers and owners only; no branch chosen: the first; another restaurant's branch: 404.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember } from "~/lib/console-session.server";
import { insightsBranches, insightsOf, WINDOWS } from "../../../worker/console/insights";

const Query = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.picklist(WINDOWS.map(String) as ["7", "30"]),
      v.transform((d) => Number(d) as (typeof WINDOWS)[number]),
    ),
    "7",
  ),
  branch: v.optional(ConsoleId),
});

export async function loadInsights(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "insights");
  const query = v.safeParse(Query, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ error: "days must be 7 or 30, and branch a branch id" }, { status: 400, headers: CONSOLE_HEADERS });
  const branches = await insightsBranches(env, tenant);
  const branchId = query.output.branch ?? branches[0]?.id;
  const insights = branchId === undefined ? null : await insightsOf(env, member.restaurant_id, branchId, query.output.days);
  if (query.output.branch !== undefined && !insights) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  return data({ branches, branchId: branchId ?? null, days: query.output.days, insights }, { headers: CONSOLE_HEADERS });
}
