// A branch named by a console request: one of the member's restaurant (else 404, as if it did not
// exist) and one they work in (else 403). One home for the check every branch-scoped screen makes.
import { data } from "react-router";
import { consoleBranch, type ConsoleTenant, type Membership } from "../../worker/console/session";
import { CONSOLE_HEADERS, worksIn } from "./console-session.server";

export async function requireBranch(env: Env, tenant: ConsoleTenant, member: Membership, branchId: number) {
  const branch = await consoleBranch(env, tenant, branchId);
  if (!branch) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  if (!worksIn(member, branchId)) throw data({ error: "not one of your branches" }, { status: 403, headers: CONSOLE_HEADERS });
  return branch;
}
