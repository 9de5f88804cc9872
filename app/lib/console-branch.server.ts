// A branch named by a console request: one of the member's restaurant (else 404, as if it did not
// exist) and one they work in (else 403). One home for the check every branch-scoped screen makes.
import { data } from "react-router";
import type { Membership } from "../../worker/api/console/people";
import { CONSOLE_HEADERS, worksIn } from "./console-session.server";

export async function requireBranch(env: Env, member: Membership, branchId: number) {
  const branch = await env.DB.prepare("SELECT id, time_zone, paused_until FROM branches WHERE id = ? AND restaurant_id = ?")
    .bind(branchId, member.restaurant_id).first<{ id: number; time_zone: string; paused_until: number | null }>();
  if (!branch) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  if (!worksIn(member, branchId)) throw data({ error: "not one of your branches" }, { status: 403, headers: CONSOLE_HEADERS });
  return branch;
}
