// The owner's staff screen over D1: the restaurant's members, inviting by phone, changing a role and
// removing. Every id from a form is checked against the restaurant, and the last owner is never lost:
// each change that could lose them is one conditional statement, so two at once cannot both pass.
// An invite is pending until the invitee accepts it (../directory/invitations.ts); the name typed here is the
// membership's, never the person's own (which the restaurant neither sees nor sets).
import type { CatalogueStore } from "../restaurant/stub";
import { ensurePerson } from "../directory/people";
import type { Role } from "../rules/roles";

export interface StaffMember {
  id: number;
  person_id: number;
  name: string;
  phone: string;
  role: Role;
  /** 1 while the invitation waits for the invitee to accept it. */
  pending: number;
  branch_ids: number[];
}

/** The longest member's name kept (the form counts it; longer is refused with 422, the form keeping it). */
export const NAME_MAX = 80;

export type StaffProblem = "member" | "branch" | "exists" | "lastOwner";
export type StaffResult = { ok: true } | { ok: false; problem: StaffProblem };

/** The restaurant's members, owners first. */
export async function membersOf(db: D1Database, restaurantId: number): Promise<StaffMember[]> {
  const { results } = await db
    .prepare(
      `SELECT m.id, m.person_id, COALESCE(m.name, p.name) AS name, p.phone, m.role, m.pending,
            (SELECT json_group_array(branch_id) FROM member_branches WHERE member_id = m.id) AS branches
     FROM members m JOIN people p ON p.id = m.person_id WHERE m.restaurant_id = ?
     ORDER BY m.pending, CASE m.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END, m.name, m.id`,
    )
    .bind(restaurantId)
    .all<Omit<StaffMember, "branch_ids"> & { branches: string }>();
  return results.map(({ branches, ...m }) => ({ ...m, branch_ids: JSON.parse(branches) as number[] }));
}

/** True when every id is one of the restaurant's branches (its catalogue's). */
async function ownBranches(db: CatalogueStore, restaurantId: number, branchIds: readonly number[]): Promise<boolean> {
  if (branchIds.length === 0) return true;
  const row = await db
    .prepare("SELECT count(*) AS n FROM branches WHERE restaurant_id = ? AND id IN (SELECT value FROM json_each(?))")
    .bind(restaurantId, JSON.stringify([...new Set(branchIds)]))
    .first<{ n: number }>();
  return row?.n === new Set(branchIds).size;
}

/** Staff keep their branches; managers and owners work in every branch, so theirs are cleared. */
const branchesFor = (role: Role, branchIds: readonly number[]) => (role === "staff" ? [...new Set(branchIds)] : []);

/** The member's branches replaced by `branchIds`, which ownBranches has checked are the restaurant's. */
const setBranches = (db: D1Database, memberId: number, branchIds: readonly number[]) => [
  db.prepare("DELETE FROM member_branches WHERE member_id = ?").bind(memberId),
  db.prepare("INSERT INTO member_branches (member_id, branch_id) SELECT ?, value FROM json_each(?)").bind(memberId, JSON.stringify(branchIds)),
];

/**
 * Invites the person with this E.164 phone (created, unnamed, if new): a pending membership under the
 * name typed here; they sign in by code and accept it. A person's own name is never set from here.
 */
export async function inviteMember(
  db: D1Database,
  catalogue: CatalogueStore,
  restaurantId: number,
  input: { phone: string; name: string; role: Role; branchIds: readonly number[] },
  now = Date.now(),
): Promise<StaffResult> {
  const branches = branchesFor(input.role, input.branchIds);
  if (!(await ownBranches(catalogue, restaurantId, branches))) return { ok: false, problem: "branch" };
  const personId = await ensurePerson(db, input.phone, "", now);
  const member = await db
    .prepare(
      "INSERT INTO members (restaurant_id, person_id, role, name, pending, created_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (restaurant_id, person_id) DO NOTHING RETURNING id",
    )
    .bind(restaurantId, personId, input.role, input.name, now)
    .first<{ id: number }>();
  if (!member) return { ok: false, problem: "exists" };
  await db.batch(setBranches(db, member.id, branches));
  return { ok: true };
}

// The restaurant still has another (accepted) owner once `member` is no longer one.
const ANOTHER_OWNER = "(SELECT count(*) FROM members WHERE restaurant_id = ?2 AND role = 'owner' AND pending = 0 AND id != ?1) > 0";

/** Why a change to `memberId` did nothing: not this restaurant's member, or its last owner. */
async function refusal(db: D1Database, restaurantId: number, memberId: number): Promise<StaffResult> {
  const exists = await db.prepare("SELECT 1 FROM members WHERE id = ? AND restaurant_id = ?").bind(memberId, restaurantId).first();
  return { ok: false, problem: exists ? "lastOwner" : "member" };
}

/** A new role (and, for staff, branches); the last owner cannot stop being one. */
export async function changeRole(
  db: D1Database,
  catalogue: CatalogueStore,
  restaurantId: number,
  memberId: number,
  role: Role,
  branchIds: readonly number[],
): Promise<StaffResult> {
  const branches = branchesFor(role, branchIds);
  if (!(await ownBranches(catalogue, restaurantId, branches))) return { ok: false, problem: "branch" };
  const changed = await db
    .prepare(`UPDATE members SET role = ?3 WHERE id = ?1 AND restaurant_id = ?2 AND (?3 = 'owner' OR role != 'owner' OR pending = 1 OR ${ANOTHER_OWNER})`)
    .bind(memberId, restaurantId, role)
    .run();
  if (changed.meta.changes !== 1) return refusal(db, restaurantId, memberId);
  await db.batch(setBranches(db, memberId, branches));
  return { ok: true };
}

/** Removes a member (their branches go with them); never the last owner. */
export async function removeMember(db: D1Database, restaurantId: number, memberId: number): Promise<StaffResult> {
  // RETURNING, not meta.changes: D1 counts the member's branches the delete cascades to as changes too.
  const removed = await db
    .prepare(`DELETE FROM members WHERE id = ?1 AND restaurant_id = ?2 AND (role != 'owner' OR pending = 1 OR ${ANOTHER_OWNER}) RETURNING id`)
    .bind(memberId, restaurantId)
    .first();
  return removed ? { ok: true } : refusal(db, restaurantId, memberId);
}
