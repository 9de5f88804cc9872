// People who sign in to the console (by E.164 phone) and the restaurants they belong to.
import type { Role } from "../rules/roles";

/** The statement behind ensurePerson, for a caller that needs it inside its own batch (sign-up). */
export const ensurePersonStatement = (db: D1Database, phone: string, name: string, now = Date.now()) =>
  db
    .prepare("INSERT INTO people (phone, name, created_at) VALUES (?, ?, ?) ON CONFLICT (phone) DO UPDATE SET phone = excluded.phone RETURNING id")
    .bind(phone, name, now);

/** The person with this phone, created with `name` the first time. */
export async function ensurePerson(db: D1Database, phone: string, name: string, now = Date.now()): Promise<number> {
  const row = await ensurePersonStatement(db, phone, name, now).first<{ id: number }>();
  return row!.id;
}

export const personByPhone = (db: D1Database, phone: string) =>
  db.prepare("SELECT id, phone, name FROM people WHERE phone = ?").bind(phone).first<{ id: number; phone: string; name: string }>();

/** A person by id (the signed-in one): their phone and own name. */
export const personById = (db: D1Database, id: number) =>
  db.prepare("SELECT id, phone, name FROM people WHERE id = ?").bind(id).first<{ id: number; phone: string; name: string }>();

export interface Membership {
  member_id: number;
  restaurant_id: number;
  domain: string;
  /** Where the restaurant's object is created (worker/restaurant/location.ts). */
  country: string;
  /** What its prices are in (worker/rules/money.ts): the console's forms take as many decimals as it has. */
  currency: string;
  name_en: string;
  name_ar: string;
  role: Role;
  /** The branches a staff member works in (others: every branch). */
  branch_ids: number[];
}

/** Every restaurant the person belongs to, with their role there (accepted memberships only: an
 * invitation grants nothing until accepted, ./invitations.ts). */
export async function membershipsOf(db: D1Database, personId: number): Promise<Membership[]> {
  const { results } = await db
    .prepare(
      `SELECT m.id AS member_id, r.id AS restaurant_id, r.domain, r.country, r.currency, r.name_en, r.name_ar, m.role,
            (SELECT json_group_array(branch_id) FROM member_branches WHERE member_id = m.id) AS branches
     FROM members m JOIN restaurants r ON r.id = m.restaurant_id WHERE m.person_id = ? AND m.pending = 0 ORDER BY r.name_en`,
    )
    .bind(personId)
    .all<Omit<Membership, "branch_ids"> & { branches: string }>();
  return results.map(({ branches, ...m }) => ({ ...m, branch_ids: JSON.parse(branches) as number[] }));
}
