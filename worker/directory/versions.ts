// Per-restaurant cache version, kept in KV and part of every cache key: bumping it (purge)
// makes the next request for that restaurant miss. A short in-isolate memo keeps the KV read
// off most requests; other isolates see a purge within MEMO_MS plus KV's propagation time.
const MEMO_MS = 5_000;
const memo = new Map<string, { version: string; until: number }>();

const kvKey = (domain: string) => `v:${domain}`;

export async function tenantVersion(kv: KVNamespace, domain: string, now = Date.now()): Promise<string> {
  const seen = memo.get(domain);
  if (seen && seen.until > now) return seen.version;
  const version = (await kv.get(kvKey(domain))) ?? "0";
  memo.set(domain, { version, until: now + MEMO_MS });
  return version;
}

export async function bumpTenantVersion(kv: KVNamespace, domain: string, now = Date.now()): Promise<string> {
  const version = now.toString(36);
  await kv.put(kvKey(domain), version);
  memo.set(domain, { version, until: now + MEMO_MS });
  return version;
}
