// Own domains are proven before they count (docs/decisions/0037). A hostname an
// owner enters is a claim (host_claims): it routes nothing and blocks nobody, several restaurants may
// claim one host, and it expires after CLAIM_HOURS. The owner proves it by publishing the claim's
// token in the TXT record _menu-verify.{host}; only then does it become the restaurant's host through
// ../console/own-domain.ts (custom_hosts' UNIQUE(host) decides a race between two proven claims, Cloudflare for
// SaaS and KV follow), and every other restaurant's claim on that host goes.
import { cloudflareSetup } from "../providers/cloudflare/custom-hostnames";
import { txtRecords } from "../providers/cloudflare/dns-txt";
import { hostOwner } from "./hosts";
import { randomId } from "../rules/secrets";
import { DOMAIN_PROBLEMS } from "../console/domain-problems";
import { registerOwnDomain, type DomainTenant, type Refusal } from "../console/own-domain";

export const CLAIM_HOURS = 72;
const CLAIM_MS = CLAIM_HOURS * 3_600_000;

export interface HostClaim {
  host: string;
  /** The TXT record that proves it. */
  txt: { type: "TXT"; name: string; value: string };
  expiresAt: number;
}

const txtName = (host: string) => `_menu-verify.${host}`;

interface ClaimRow {
  id: number;
  host: string;
  token: string;
  created_at: number;
}

/** The restaurant's open claim (the newest one not expired), or null. */
export async function openClaim(db: D1Database, restaurantId: number, now = Date.now()): Promise<HostClaim | null> {
  const row = await db
    .prepare("SELECT id, host, token, created_at FROM host_claims WHERE restaurant_id = ? AND created_at > ? ORDER BY id DESC LIMIT 1")
    .bind(restaurantId, now - CLAIM_MS)
    .first<ClaimRow>();
  return row ? { host: row.host, txt: { type: "TXT", name: txtName(row.host), value: row.token }, expiresAt: row.created_at + CLAIM_MS } : null;
}

const refuse = (status: number, error: keyof typeof DOMAIN_PROBLEMS): Refusal => ({ ok: false, status, error, message: DOMAIN_PROBLEMS[error] });

/** Claims `host` for the restaurant (its one open claim; an earlier one is replaced). Only a host proven by another restaurant is refused. */
export async function claimHost(env: Env, tenant: DomainTenant, host: string, now = Date.now()): Promise<{ ok: true } | Refusal> {
  const setup = cloudflareSetup(env);
  if (setup.kind === "half") return { ok: false, status: 503, error: "unavailable", message: setup.message };
  const db = env.DB;
  const holder = await db.prepare("SELECT restaurant_id FROM custom_hosts WHERE host = ?").bind(host).first<number>("restaurant_id");
  if (holder !== null && holder !== tenant.id) return refuse(409, "taken");
  const owner = await hostOwner(env.HOSTS, host);
  if (owner && owner !== tenant.domain) return refuse(409, "taken");
  if (holder === tenant.id) return { ok: true };
  await db.batch([
    db.prepare("DELETE FROM host_claims WHERE restaurant_id = ? AND (host != ? OR created_at <= ?)").bind(tenant.id, host, now - CLAIM_MS),
    db
      .prepare("INSERT INTO host_claims (restaurant_id, host, token, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (restaurant_id, host) DO NOTHING")
      .bind(tenant.id, host, `menu-verify=${randomId(24)}`, now),
  ]);
  return { ok: true };
}

/** Drops the restaurant's open claims; true when there was one. */
export async function dropClaims(db: D1Database, restaurantId: number): Promise<boolean> {
  return (await db.prepare("DELETE FROM host_claims WHERE restaurant_id = ?").bind(restaurantId).run()).meta.changes > 0;
}

/**
 * Checks the open claim's TXT record; proven, the host becomes the restaurant's (../console/own-domain.ts) and
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
  await env.DB.prepare("DELETE FROM host_claims WHERE host = ?").bind(claim.host).run();
  return { ok: true };
}

/** The cron's sweep: claims older than CLAIM_HOURS go. Returns how many. */
export async function expireClaims(db: D1Database, now = Date.now()): Promise<number> {
  return (
    await db
      .prepare("DELETE FROM host_claims WHERE created_at <= ?")
      .bind(now - CLAIM_MS)
      .run()
  ).meta.changes;
}
