// A branch named by a console request: one of the member's restaurant (else 404, as if it did not
// exist) and one they work in (else 403). One home for the check every branch-scoped screen makes.
import { data } from "react-router";
import { consoleBranch } from "../../worker/console/branch-settings";
import type { Membership } from "../../worker/directory/people";
import type { CatalogueStore } from "../../worker/restaurant/stub";
import { CONSOLE_HEADERS, worksIn } from "./console-session.server";

export async function requireBranch(catalogue: CatalogueStore, member: Membership, branchId: number) {
  const branch = await consoleBranch(catalogue, member.restaurant_id, branchId);
  if (!branch) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  if (!worksIn(member, branchId)) throw data({ error: "not one of your branches" }, { status: 403, headers: CONSOLE_HEADERS });
  return branch;
}
