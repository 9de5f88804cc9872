// The owner's staff screen: the restaurant's members, inviting by phone, changing a role and
// removing. Every id from a form is checked against the restaurant (its branches in its object), and the
// last owner is never lost (../directory/members.ts: each such change is one conditional statement).
// An invite is pending until the invitee accepts it (../directory/invitations.ts); the name typed here is the
// membership's, never the person's own (which the restaurant neither sees nor sets).
import { ensurePerson } from "../directory/people";
import { deleteMember, insertPendingMember, isMemberOf, membersOf, setMemberBranches, updateRole } from "../directory/members";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { branchOrdersChannel, restaurantHub } from "../realtime/channels";
import { revokePrivateChannels } from "../realtime/publish";
import type { Role } from "../rules/roles";
import { forgetMemberCopies } from "./member-cache";
import { branchesIn, type ConsoleTenant } from "./reads";

export { inviteLink, inviteMessage, sendInvite, type InviteSms } from "./invite-sms";

export { NAME_MAX } from "../rules/staff-form";

export type StaffProblem = "member" | "branch" | "exists" | "lastOwner";
export type StaffResult = { ok: true } | { ok: false; problem: StaffProblem };

/** The restaurant's members (owners first) and its branches. */
export async function staffOf(env: Env, tenant: RestaurantRef) {
  const [members, branches] = await Promise.all([membersOf(env.DB, tenant.id), branchesIn(env, tenant)]);
  return { members, branches };
}

/**
 * A member left or changed role: the copies of sessions made before are void here (the next tap reads D1), and
 * the boards' order streams of the restaurant ask for their signatures again.
 */
async function revokeBoards(env: Env, tenant: ConsoleTenant) {
  await forgetMemberCopies(env, [tenant.id]);
  const branches = await branchesIn(env, tenant);
  // The change is made: a channel server that cannot be reached is logged, not the owner's error.
  // The boards' sockets are on the restaurant's own hub (docs/decisions/0038).
  await revokePrivateChannels(
    env,
    restaurantHub(tenant.domain),
    branches.map((b) => branchOrdersChannel(b.id)),
  ).catch((error: unknown) => console.error(`staff: the boards' streams were not revoked: ${String(error)}`));
}

/** True when every id is one of the restaurant's branches (its object's). */
const ownBranches = (env: Env, tenant: RestaurantRef, branchIds: readonly number[]) => restaurantCall(env, tenant, "ownBranches", branchIds);

/** Staff keep their branches; managers and owners work in every branch, so theirs are cleared. */
const branchesFor = (role: Role, branchIds: readonly number[]) => (role === "staff" ? [...new Set(branchIds)] : []);

/**
 * Invites the person with this E.164 phone (created, unnamed, if new): a pending membership under the
 * name typed here; they sign in by code and accept it. A person's own name is never set from here.
 */
export async function inviteMember(
  env: Env,
  tenant: RestaurantRef,
  input: { phone: string; name: string; role: Role; branchIds: readonly number[] },
  now = Date.now(),
): Promise<StaffResult> {
  const branches = branchesFor(input.role, input.branchIds);
  if (!(await ownBranches(env, tenant, branches))) return { ok: false, problem: "branch" };
  const personId = await ensurePerson(env.DB, input.phone, "", now);
  const memberId = await insertPendingMember(env.DB, tenant.id, personId, input.role, input.name, now);
  if (memberId === null) return { ok: false, problem: "exists" };
  await setMemberBranches(env.DB, memberId, branches);
  return { ok: true };
}

/** Why a change to `memberId` did nothing: not this restaurant's member, or its last owner. */
async function refusal(db: D1Database, restaurantId: number, memberId: number): Promise<StaffResult> {
  return { ok: false, problem: (await isMemberOf(db, restaurantId, memberId)) ? "lastOwner" : "member" };
}

/** A new role (and, for staff, branches); the last owner cannot stop being one. The boards' streams are revoked. */
export async function changeRole(env: Env, tenant: ConsoleTenant, memberId: number, role: Role, branchIds: readonly number[]): Promise<StaffResult> {
  const branches = branchesFor(role, branchIds);
  if (!(await ownBranches(env, tenant, branches))) return { ok: false, problem: "branch" };
  if (!(await updateRole(env.DB, tenant.id, memberId, role))) return refusal(env.DB, tenant.id, memberId);
  await setMemberBranches(env.DB, memberId, branches);
  await revokeBoards(env, tenant);
  return { ok: true };
}

/** Removes a member (their branches go with them); never the last owner. The boards' streams are revoked. */
export async function removeMember(env: Env, tenant: ConsoleTenant, memberId: number): Promise<StaffResult> {
  if (!(await deleteMember(env.DB, tenant.id, memberId))) return refusal(env.DB, tenant.id, memberId);
  await revokeBoards(env, tenant);
  return { ok: true };
}
