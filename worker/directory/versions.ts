// Per-restaurant cache version, kept in KV and part of every cache key: bumping it (purge)
// makes the next request for that restaurant miss. A short in-isolate memo keeps the KV read
// off most requests; other isolates see a purge within MEMO_MS plus KV's propagation time.
// Bumps go through the domain's guard object, which writes KV at most once a second (./purge-guard.ts;
// reached here through its binding only, so that this file runs outside workerd too).

/** Where a domain's cache version lives in KV (HOSTS). */
export const versionKey = (domain: string) => `v:${domain}`;

/** The guard object of one restaurant domain (./purge-guard.ts): its purges and its version's writes. */
export function purgeGuardFor(env: Env, domain: string) {
  return env.PURGE_GUARD.get(env.PURGE_GUARD.idFromName(domain));
}

const MEMO_MS = 5_000;
const memo = new Map<string, { version: string; until: number }>();

export async function tenantVersion(kv: KVNamespace, domain: string, now = Date.now()): Promise<string> {
  const seen = memo.get(domain);
  if (seen && seen.until > now) return seen.version;
  const version = (await kv.get(versionKey(domain))) ?? "0";
  memo.set(domain, { version, until: now + MEMO_MS });
  return version;
}

/** Moves the restaurant's cache version on; resolves once written (this isolate sees it at once). */
export async function bumpTenantVersion(env: Env, domain: string): Promise<string> {
  const version = await purgeGuardFor(env, domain).bump(domain);
  memo.set(domain, { version, until: Date.now() + MEMO_MS });
  return version;
}
