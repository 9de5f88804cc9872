// /console/orders: today's orders per branch, newest first. Managers and owners see every branch,
// staff only theirs; `?branch=` narrows to one (another restaurant's branch: 404; not theirs: 403).
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember, worksIn } from "~/lib/console-session.server";
import { branchesOf, ordersToday, restaurantOf } from "../../../worker/api/console/reads";

const Query = v.object({ branch: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number))) });

export async function loadOrders(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env, "orders");
  const query = v.safeParse(Query, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ error: "branch must be a branch id" }, { status: 400, headers: CONSOLE_HEADERS });
  const all = await branchesOf(env.DB, member.restaurant_id);
  const chosen = query.output.branch;
  if (chosen !== undefined && !all.some((b) => b.id === chosen)) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  if (chosen !== undefined && !worksIn(member, chosen)) throw data({ error: "not one of your branches" }, { status: 403, headers: CONSOLE_HEADERS });
  const visible = all.filter((b) => worksIn(member, b.id) && (chosen === undefined || b.id === chosen));
  const scope = visible.map((b) => b.id);
  const [orders, restaurant] = await Promise.all([ordersToday(env.DB, member.restaurant_id, scope), restaurantOf(env.DB, member.restaurant_id)]);
  return data({
    currency: restaurant?.currency ?? "AED",
    branches: visible.map((b) => ({ ...b, orders: orders.filter((o) => o.branch_id === b.id) })),
  }, { headers: CONSOLE_HEADERS });
}
