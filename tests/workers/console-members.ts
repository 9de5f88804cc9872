// A signed-in member of a seeded restaurant for the console's workers tests: a person with a fresh
// phone, their membership (and a staff member's branches), and a session cookie for the whole worker.
import { env, exports } from "cloudflare:workers";
import { ensurePerson } from "../../worker/directory/people";
import type { Role } from "../../worker/rules/roles";
import { startSession } from "../../worker/directory/sessions";

interface SeededMember {
  personId: number;
  memberId: number;
  cookie: string;
}

let seq = 0;
/** A UAE mobile no other call of this run has used. */
const freshPhone = () => `+9715${String(Date.now()).slice(-5)}${String(++seq).padStart(3, "0")}`;

/** `personId` joins an existing person to another restaurant (a member of two). */
export async function seedMember(restaurantId: number, role: Role, branchIds: readonly number[] = [], personId?: number): Promise<SeededMember> {
  const person = personId ?? (await ensurePerson(env.DB, freshPhone(), `${role} of ${restaurantId}`));
  const row = await env.DB.prepare("INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(restaurantId, person, role, Date.now())
    .first<{ id: number }>();
  for (const branch of branchIds) await env.DB.prepare("INSERT INTO member_branches (member_id, branch_id) VALUES (?, ?)").bind(row!.id, branch).run();
  return { personId: person, memberId: row!.id, cookie: `console=${await startSession(env.DB, person)}` };
}

/** A console form posted as a browser posts it (urlencoded, a repeated field once per value), the redirect not followed. */
export function consolePost(path: string, cookie: string, fields: Record<string, string | readonly string[]>): Promise<Response> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
}
