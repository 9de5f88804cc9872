// A restaurant's own domain (owners, /console/branches): the hostname checked, claimed in D1 (UNIQUE
// host: of two restaurants asking at once exactly one gets it, which KV alone cannot decide), created
// on Cloudflare for SaaS when the deployment uses it, then written to KV where the tenancy reads it,
// and the restaurant's cache purged. A replacement goes live before the old host is released, so a
// failed one leaves the old host working. See docs/decisions/0022-own-domain.md.
import * as v from "valibot";
import { DOMAIN_PROBLEMS } from "../rules/domain-problems";
import { cloudflareSetup, createCustomHostname, deleteCustomHostname, getCustomHostname } from "../providers/cloudflare/custom-hostnames";
import { customHostOf, hostOwner, isSiteHost, registerHost, unregisterHost } from "../directory/hosts";
import { bumpTenantVersion } from "../directory/versions";
import { claimHostRow, deleteHostRow, hostHolder, hostRowsOf, setHostCfId, type HostRow } from "../directory/custom-hosts";

export interface DomainTenant {
  id: number;
  domain: string;
}

type DomainProblem = keyof typeof DOMAIN_PROBLEMS;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const isIp = (s: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(s) || /^\[?[0-9a-f]*:[0-9a-f:.]*\]?$/.test(s);
const isHostname = (s: string) => {
  const labels = s.split(".");
  // The last label (the top-level domain) is never all digits: that would be an address, not a name.
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1)!);
};

/** The hostname as the owner typed it: lower-cased, without a final dot; each refusal names its reason. */
const HostInput = v.pipe(
  v.string("empty"),
  v.trim(),
  v.toLowerCase(),
  v.transform((s) => s.replace(/\.$/, "")),
  v.nonEmpty("empty"),
  v.check((s) => !isIp(s), "ip"),
  v.check((s) => !/[:/?#@\\\s]/.test(s), "shape"),
  v.maxLength(253, "long"),
  v.check(isHostname, "format"),
);

export type Refusal = { ok: false; status: number; error: DomainProblem | "busy" | "provider" | "unavailable"; message: string };
const refuse = (status: number, error: DomainProblem): Refusal => ({ ok: false, status, error, message: DOMAIN_PROBLEMS[error] });

/** A hostname the owner may register here (not the site's own, nor the CNAME's target), or a 422 saying why not. */
export function parseOwnHost(env: Env, input: unknown, requestHost: string): { ok: true; host: string } | Refusal {
  const parsed = v.safeParse(HostInput, input);
  if (!parsed.success) return refuse(422, parsed.issues[0].message as DomainProblem);
  const host = parsed.output;
  if (isSiteHost(env, host) || host === requestHost || host === targetOf(env, requestHost)) return refuse(422, "ours");
  return { ok: true, host };
}

/** Where the owner's CNAME points: the CUSTOM_HOST_TARGET setting, else the host the console is on. */
const targetOf = (env: Env, requestHost: string) => env.CUSTOM_HOST_TARGET?.trim().toLowerCase() || requestHost;

export interface OwnDomainState {
  host: string | null;
  /** The DNS record the owner creates at their DNS provider. */
  record: { type: "CNAME"; name: string; value: string } | null;
  target: string;
  /** off: the KV entry alone; on: Cloudflare for SaaS; half: one setting missing (changes refused). */
  setup: "off" | "on" | "half";
  /** registered (KV alone); pending or active (Cloudflare's answer); unknown (Cloudflare did not answer). */
  status: "registered" | "pending" | "active" | "unknown" | null;
}

export async function ownDomainState(env: Env, tenant: DomainTenant, requestHost: string): Promise<OwnDomainState> {
  const setup = cloudflareSetup(env);
  const target = targetOf(env, requestHost);
  const [row] = await hostRowsOf(env.DB, tenant.id);
  // A host registered in KV before this screen existed (by hand) is shown too, so it can be removed.
  const host = row?.host ?? (await customHostOf(env.HOSTS, tenant.domain));
  const base = { host, record: host ? { type: "CNAME" as const, name: host, value: target } : null, target, setup: setup.kind };
  if (!host) return { ...base, status: null };
  if (setup.kind !== "on" || !row?.cf_id) return { ...base, status: "registered" };
  const found = await getCustomHostname(setup.settings, row.cf_id);
  return { ...base, status: found.ok ? (found.value.status === "active" ? "active" : "pending") : "unknown" };
}

type Outcome = { ok: true } | Refusal;

/** Frees one of the restaurant's hosts: Cloudflare's hostname, then the KV entries, then the claim. */
async function release(env: Env, tenant: DomainTenant, row: HostRow): Promise<Outcome> {
  const setup = cloudflareSetup(env);
  if (row.cf_id && setup.kind === "on") {
    const deleted = await deleteCustomHostname(setup.settings, row.cf_id);
    if (!deleted.ok) return { ok: false, status: deleted.status, error: "provider", message: deleted.message };
  }
  // KV before the claim: while the row exists no other restaurant can have written this host.
  await unregisterHost(env.HOSTS, row.host, tenant.domain);
  await deleteHostRow(env.DB, row.id);
  return { ok: true };
}

const halfSetUp = (message: string): Refusal => ({ ok: false, status: 503, error: "unavailable", message });

export async function registerOwnDomain(env: Env, tenant: DomainTenant, host: string): Promise<Outcome> {
  const setup = cloudflareSetup(env);
  if (setup.kind === "half") return halfSetUp(setup.message);
  const rows = await hostRowsOf(env.DB, tenant.id);
  if (rows[0]?.host === host) return { ok: true };
  // A host in KV without a claim (registered by hand) still belongs to whoever it names.
  const owner = await hostOwner(env.HOSTS, host);
  if (owner && owner !== tenant.domain) return refuse(409, "taken");
  const legacy = await customHostOf(env.HOSTS, tenant.domain);

  const claimedId = await claimHostRow(env.DB, tenant.id, host, Date.now());
  if (claimedId === null) {
    // The same owner's request twice at once: the first one is doing it.
    return (await hostHolder(env.DB, host)) === tenant.id ? { ok: true } : refuse(409, "taken");
  }
  const claimed: HostRow = { id: claimedId, host, cf_id: null };

  if (setup.kind === "on") {
    const created = await createCustomHostname(setup.settings, host);
    if (!created.ok) {
      await deleteHostRow(env.DB, claimed.id);
      return { ok: false, status: created.status, error: "provider", message: created.message };
    }
    await setHostCfId(env.DB, claimed.id, created.value.id);
  }
  await registerHost(env.HOSTS, host, tenant.domain);

  // The new host is live: the older ones go (one host per restaurant). One that cannot be released
  // now (Cloudflare failing) keeps its row and is retried by the next change or removal.
  for (const old of rows) {
    const released = await release(env, tenant, old);
    if (!released.ok) console.error(JSON.stringify({ event: "own_domain.release_failed", domain: tenant.domain, host: old.host, message: released.message }));
  }
  if (legacy && legacy !== host && !rows.some((r) => r.host === legacy)) await unregisterHost(env.HOSTS, legacy, tenant.domain);
  await bumpTenantVersion(env, tenant.domain);
  return { ok: true };
}

export async function removeOwnDomain(env: Env, tenant: DomainTenant): Promise<Outcome> {
  const setup = cloudflareSetup(env);
  if (setup.kind === "half") return halfSetUp(setup.message);
  const rows = await hostRowsOf(env.DB, tenant.id);
  const legacy = await customHostOf(env.HOSTS, tenant.domain);
  if (!rows.length && !legacy) return refuse(404, "none");
  for (const row of rows) {
    const released = await release(env, tenant, row);
    if (!released.ok) return released;
  }
  if (legacy) await unregisterHost(env.HOSTS, legacy, tenant.domain);
  await bumpTenantVersion(env, tenant.domain);
  return { ok: true };
}
