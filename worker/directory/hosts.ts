// Which restaurant a request is for, by host. The site's own hosts (APP_HOSTS) use path tenancy
// (/{domain}); any other host must be a restaurant's custom hostname registered in KV.

export type HostTenant =
  | { kind: "app" } // the site's own host: marketing pages and /{domain} paths
  | { kind: "custom"; domain: string } // a restaurant's own hostname: only that restaurant
  | { kind: "unknown" };

const hostKey = (host: string) => `host:${host}`;
// The other way round (domain -> its custom hostname), for links that should use the restaurant's own host.
const domainHostKey = (domain: string) => `domain-host:${domain}`;

// Read on every request: parsed once per value of the setting.
let parsed: { from: string; hosts: Set<string> } | null = null;

function appHosts(env: Env): ReadonlySet<string> {
  if (parsed?.from !== env.APP_HOSTS) {
    parsed = {
      from: env.APP_HOSTS,
      hosts: new Set(
        env.APP_HOSTS.split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    };
  }
  return parsed.hosts;
}

/** The host name without port, lower-cased; the URL parser already rejected malformed hosts. */
function hostOf(url: URL): string {
  return url.hostname.toLowerCase();
}

/** One of the site's own hosts or a name under one (never a restaurant's custom hostname). */
export function isSiteHost(env: Env, host: string): boolean {
  for (const own of appHosts(env)) if (host === own || host.endsWith(`.${own}`)) return true;
  return false;
}

export async function resolveHost(env: Env, url: URL): Promise<HostTenant> {
  const host = hostOf(url);
  if (appHosts(env).has(host)) return { kind: "app" };
  const domain = await env.HOSTS.get(hostKey(host));
  return domain ? { kind: "custom", domain } : { kind: "unknown" };
}

export async function registerHost(kv: KVNamespace, host: string, domain: string): Promise<void> {
  await kv.put(hostKey(host.toLowerCase()), domain);
  await kv.put(domainHostKey(domain), host.toLowerCase());
}

/** The domain a custom hostname is registered to in KV, or null. */
export const hostOwner = (kv: KVNamespace, host: string) => kv.get(hostKey(host.toLowerCase()));

/**
 * Removes a custom hostname's entries, each only while it still points at this restaurant: one
 * restaurant never removes another's host (the caller holds the host's claim, so none can appear).
 */
export async function unregisterHost(kv: KVNamespace, host: string, domain: string): Promise<void> {
  const name = host.toLowerCase();
  if ((await kv.get(hostKey(name))) === domain) await kv.delete(hostKey(name));
  if ((await kv.get(domainHostKey(domain))) === name) await kv.delete(domainHostKey(domain));
}

/** The restaurant's custom hostname, if one is registered (and still points at it). */
export async function customHostOf(kv: KVNamespace, domain: string): Promise<string | null> {
  const host = await kv.get(domainHostKey(domain));
  return host && (await kv.get(hostKey(host))) === domain ? host : null;
}
