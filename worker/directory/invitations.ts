// Consented invitations (docs/decisions/0037): an invite is a pending membership (members.pending = 1)
// that grants nothing until the invitee, signed in, accepts it. The name the restaurant typed stays on
// that membership (members.name); the person's own name (people.name) is theirs to set, and no
// restaurant ever reads or writes it. A person can decline an invitation or leave a restaurant (never
// as its last owner). The console opens in the restaurant the person used last (people.last_restaurant_id).
import type { Membership } from "./people";

/** A pending membership, as its invitee sees it (the branches come once it is accepted). */
export type Invitation = Omit<Membership, "branch_ids">;

export async function invitationsOf(db: D1Database, personId: number): Promise<Invitation[]> {
  const { results } = await db
    .prepare(
      `SELECT m.id AS member_id, r.id AS restaurant_id, r.domain, r.name_en, r.name_ar, m.role
     FROM members m JOIN restaurants r ON r.id = m.restaurant_id WHERE m.person_id = ? AND m.pending = 1 ORDER BY m.id`,
    )
    .bind(personId)
    .all<Invitation>();
  return results;
}

/** Accepts one's own pending invitation; the console then opens there. The restaurant's id, or null. */
export async function acceptInvitation(db: D1Database, personId: number, memberId: number): Promise<number | null> {
  const row = await db
    .prepare("UPDATE members SET pending = 0 WHERE id = ? AND person_id = ? AND pending = 1 RETURNING restaurant_id")
    .bind(memberId, personId)
    .first<{ restaurant_id: number }>();
  if (!row) return null;
  await rememberRestaurant(db, personId, row.restaurant_id);
  return row.restaurant_id;
}

/** Declines one's own pending invitation (it is gone, with its branches). */
export async function declineInvitation(db: D1Database, personId: number, memberId: number): Promise<boolean> {
  const gone = await db.prepare("DELETE FROM members WHERE id = ? AND person_id = ? AND pending = 1").bind(memberId, personId).run();
  return gone.meta.changes === 1;
}

/** Leaves a restaurant one belongs to; an owner only while another (accepted) owner stays. */
export async function leaveRestaurant(db: D1Database, personId: number, restaurantId: number): Promise<"left" | "lastOwner" | "member"> {
  const left = await db
    .prepare(
      `DELETE FROM members WHERE person_id = ?1 AND restaurant_id = ?2 AND pending = 0
       AND (role != 'owner' OR (SELECT count(*) FROM members WHERE restaurant_id = ?2 AND role = 'owner' AND pending = 0 AND person_id != ?1) > 0)`,
    )
    .bind(personId, restaurantId)
    .run();
  if (left.meta.changes === 1) return "left";
  const still = await db.prepare("SELECT 1 FROM members WHERE person_id = ? AND restaurant_id = ? AND pending = 0").bind(personId, restaurantId).first();
  return still ? "lastOwner" : "member";
}

/** The person's own name: set only by them. */
export async function setOwnName(db: D1Database, personId: number, name: string): Promise<void> {
  await db.prepare("UPDATE people SET name = ? WHERE id = ?").bind(name, personId).run();
}

export const ownName = (db: D1Database, personId: number) => db.prepare("SELECT name FROM people WHERE id = ?").bind(personId).first<string>("name");

/** The console opens in this restaurant next time, on any device. */
export async function rememberRestaurant(db: D1Database, personId: number, restaurantId: number): Promise<void> {
  await db.prepare("UPDATE people SET last_restaurant_id = ? WHERE id = ? AND last_restaurant_id IS NOT ?").bind(restaurantId, personId, restaurantId).run();
}
