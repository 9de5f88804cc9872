// The board's reads, taps and channel signatures take the signed-in person and their memberships from a
// copy in this place's cache (docs/decisions/0084, 0088), so a board costs D1 no session read per tap. A copy
// is trusted for MEMBER_COPY_MS at most (its own clock, whatever the cache keeps), and only while the
// restaurant it is used in has marked no change of its members since the copy was made (the restaurant's
// object, worker/restaurant/member-changes.ts): a member removed, changed or signed out everywhere is
// refused at their next tap or read. Every other console screen reads D1 afresh.
import type { Membership } from "../directory/people";
import { sessionMembers } from "../directory/sessions";
import { sha256 } from "../rules/secrets";
import { restaurantCall } from "../restaurant/stub";

/** How long a copy may serve at most (besides the restaurant's own mark of a change). */
export const MEMBER_COPY_MS = 3_600_000;
/** A mark this close to a copy's making also voids it: the worker's and the object's clocks may differ by a little. */
const CLOCK_SLACK_MS = 5_000;
const KEY_ORIGIN = "https://console-members.internal";

// `caches.default` is Workers-only; the DOM lib's CacheStorage type shadows it.
const cache = () => (caches as unknown as { default: Cache }).default;
const keyOf = async (id: string) => `${KEY_ORIGIN}/${await sha256(`copy:${id}`)}`;

type User = NonNullable<Awaited<ReturnType<typeof sessionMembers>>>;
type Copy = { madeAt: number; until: number; user: User };

/**
 * The session's person and memberships: from a copy younger than MEMBER_COPY_MS when `choose` finds in it the
 * membership this request works in and that restaurant marked no change of its members since, else from D1
 * (then copied). One call on the restaurant's object either way; D1 only when the copy does not hold.
 */
export async function copiedSessionMembers(env: Env, id: string, choose: (user: User) => Membership | undefined, now = Date.now()) {
  const key = await keyOf(id);
  const hit = await cache().match(key);
  const copy = hit ? ((await hit.json()) as Copy) : null;
  if (copy && copy.until > now && copy.until <= now + MEMBER_COPY_MS) {
    const member = choose(copy.user);
    if (member && (await membersChangedAt(env, member.restaurant_id)) + CLOCK_SLACK_MS < copy.madeAt) return copy.user;
  }
  const user = await sessionMembers(env.DB, id, now);
  if (user) {
    const fresh: Copy = { madeAt: now, until: now + MEMBER_COPY_MS, user };
    await cache().put(key, Response.json(fresh, { headers: { "Cache-Control": `max-age=${MEMBER_COPY_MS / 1000}` } }));
  }
  return user;
}

const membersChangedAt = (env: Env, restaurantId: number) => restaurantCall(env, { id: restaurantId }, "membersChangedAt");

/** The restaurants' members changed: every copy made before now is void in each of them (at the next tap or read). */
export async function forgetMemberCopies(env: Env, restaurantIds: readonly number[], now = Date.now()) {
  await Promise.all([...new Set(restaurantIds)].map((id) => restaurantCall(env, { id }, "markMembersChanged", now)));
}

/** Signing out on this device drops its copy here at once (the person's restaurants are marked too: see sign-out). */
export async function dropSessionCopy(id: string) {
  await cache().delete(await keyOf(id));
}
