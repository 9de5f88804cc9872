// An own domain's claim and proof (docs/decisions/0037): claiming a host checks it is nobody else's,
// proving it reads the TXT record _menu-verify.{host}; only then does it become the restaurant's host
// through ./own-domain.ts (custom_hosts' UNIQUE(host) decides a race between two proven claims,
// Cloudflare for SaaS and KV follow), and every other restaurant's claim on that host goes. The rows
// are the directory's (worker/directory/host-claims.ts).
import { cloudflareSetup } from "../providers/cloudflare/custom-hostnames";
import { txtRecords } from "../providers/cloudflare/dns-txt";
import { dropClaimsOn, hostHolder, openClaim, storeClaim } from "../directory/host-claims";
import { hostOwner } from "../directory/hosts";
import { DOMAIN_PROBLEMS } from "../rules/domain-problems";
import { registerOwnDomain, type DomainTenant, type Refusal } from "./own-domain";

const refuse = (status: number, error: keyof typeof DOMAIN_PROBLEMS): Refusal => ({ ok: false, status, error, message: DOMAIN_PROBLEMS[error] });

/** Claims `host` for the restaurant (its one open claim; an earlier one is replaced). Only a host proven by another restaurant is refused. */
export async function claimHost(env: Env, tenant: DomainTenant, host: string, now = Date.now()): Promise<{ ok: true } | Refusal> {
  const setup = cloudflareSetup(env);
  if (setup.kind === "half") return { ok: false, status: 503, error: "unavailable", message: setup.message };
  const holder = await hostHolder(env.DB, host);
  if (holder !== null && holder !== tenant.id) return refuse(409, "taken");
  const owner = await hostOwner(env.HOSTS, host);
  if (owner && owner !== tenant.domain) return refuse(409, "taken");
  if (holder === tenant.id) return { ok: true };
  await storeClaim(env.DB, tenant.id, host, now);
  return { ok: true };
}

/**
 * Checks the open claim's TXT record; proven, the host becomes the restaurant's (./own-domain.ts) and
 * every claim on it goes. Not (yet) there: 409 "unproven"; the resolver failing: 503.
 */
export async function proveClaim(env: Env, tenant: DomainTenant, now = Date.now()): Promise<{ ok: true } | Refusal> {
  const claim = await openClaim(env.DB, tenant.id, now);
  if (!claim) return refuse(404, "noClaim");
  const texts = await txtRecords(env, claim.txt.name);
  if (texts === null) return { ok: false, status: 503, error: "dns", message: DOMAIN_PROBLEMS.dns };
  if (!texts.includes(claim.txt.value)) return refuse(409, "unproven");
  const registered = await registerOwnDomain(env, tenant, claim.host);
  if (!registered.ok) return registered;
  await dropClaimsOn(env.DB, claim.host);
  return { ok: true };
}
