// A restaurant's memberships in the directory (D1 `members`, `member_branches`) as its owner's staff
// screen changes them (worker/console/staff.ts): every statement is scoped by the restaurant, and each
// change that could lose the last owner is one conditional statement, so two at once cannot both pass.
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

/** The member's branches replaced by `branchIds` (the caller has checked they are the restaurant's), in one batch. */
export async function setMemberBranches(db: D1Database, memberId: number, branchIds: readonly number[]): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM member_branches WHERE member_id = ?").bind(memberId),
    db.prepare("INSERT INTO member_branches (member_id, branch_id) SELECT ?, value FROM json_each(?)").bind(memberId, JSON.stringify(branchIds)),
  ]);
}

/** A pending membership of the person under `name`; null when they already have one here. */
export async function insertPendingMember(db: D1Database, restaurantId: number, personId: number, role: Role, name: string, now: number) {
  const member = await db
    .prepare(
      "INSERT INTO members (restaurant_id, person_id, role, name, pending, created_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (restaurant_id, person_id) DO NOTHING RETURNING id",
    )
    .bind(restaurantId, personId, role, name, now)
    .first<{ id: number }>();
  return member?.id ?? null;
}

// The restaurant still has another (accepted) owner once `member` is no longer one.
const ANOTHER_OWNER = "(SELECT count(*) FROM members WHERE restaurant_id = ?2 AND role = 'owner' AND pending = 0 AND id != ?1) > 0";

/** Whether `memberId` is one of the restaurant's members. */
export const isMemberOf = async (db: D1Database, restaurantId: number, memberId: number) =>
  (await db.prepare("SELECT 1 FROM members WHERE id = ? AND restaurant_id = ?").bind(memberId, restaurantId).first()) !== null;

/** A new role, unless it would leave the restaurant without an accepted owner; false when nothing changed. */
export async function updateRole(db: D1Database, restaurantId: number, memberId: number, role: Role): Promise<boolean> {
  const changed = await db
    .prepare(`UPDATE members SET role = ?3 WHERE id = ?1 AND restaurant_id = ?2 AND (?3 = 'owner' OR role != 'owner' OR pending = 1 OR ${ANOTHER_OWNER})`)
    .bind(memberId, restaurantId, role)
    .run();
  return changed.meta.changes === 1;
}

/** Removes a member (their branches go with them), never the last owner; false when nothing was removed. */
export async function deleteMember(db: D1Database, restaurantId: number, memberId: number): Promise<boolean> {
  // RETURNING, not meta.changes: D1 counts the member's branches the delete cascades to as changes too.
  const removed = await db
    .prepare(`DELETE FROM members WHERE id = ?1 AND restaurant_id = ?2 AND (role != 'owner' OR pending = 1 OR ${ANOTHER_OWNER}) RETURNING id`)
    .bind(memberId, restaurantId)
    .first();
  return removed !== null;
}

/** Whether the phone belongs to a member of any restaurant (who may be sent a sign-in code). */
export const isMemberPhone = async (db: D1Database, phone: string) =>
  (await db.prepare("SELECT 1 AS yes FROM people p JOIN members m ON m.person_id = p.id WHERE p.phone = ? LIMIT 1").bind(phone).first()) !== null;
