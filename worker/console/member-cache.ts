// The board's reads take the signed-in person and their memberships from a short-lived copy in this
// place's cache (docs/decisions/0084), so a board that reads again (a gap in its events, a reconnect)
// costs D1 no session read. Reads only: every action and every channel signature reads D1 afresh, and
// a copy is trusted for MEMBER_COPY_MS at most (its own clock, whatever the cache keeps): a removed member's
// board still loads for at most that long; their moves and their socket are refused at once.
import { sessionMembers } from "../directory/sessions";
import { sha256 } from "../rules/secrets";

/** How long a board may go on reading with a removed member's (or a signed-out session's) copy. */
export const MEMBER_COPY_MS = 60_000;
const KEY_ORIGIN = "https://console-members.internal";

// `caches.default` is Workers-only; the DOM lib's CacheStorage type shadows it.
const cache = () => (caches as unknown as { default: Cache }).default;
const keyOf = async (id: string) => `${KEY_ORIGIN}/${await sha256(`copy:${id}`)}`;

type Copy = { until: number; user: NonNullable<Awaited<ReturnType<typeof sessionMembers>>> };

/** The session's person and memberships, from a copy younger than MEMBER_COPY_MS, else from D1 (then copied). */
export async function copiedSessionMembers(env: Env, id: string, now = Date.now()) {
  const key = await keyOf(id);
  const hit = await cache().match(key);
  const copy = hit ? ((await hit.json()) as Copy) : null;
  if (copy && copy.until > now && copy.until <= now + MEMBER_COPY_MS) return copy.user;
  const user = await sessionMembers(env.DB, id, now);
  if (user) {
    const fresh: Copy = { until: now + MEMBER_COPY_MS, user };
    await cache().put(key, Response.json(fresh, { headers: { "Cache-Control": `max-age=${MEMBER_COPY_MS / 1000}` } }));
  }
  return user;
}

/** Signing out on this device drops its copy here at once (elsewhere it lapses within MEMBER_COPY_MS). */
export async function dropSessionCopy(id: string) {
  await cache().delete(await keyOf(id));
}
