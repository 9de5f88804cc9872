// Own domains are proven before they count (docs/decisions/0037): the claims' rows in the directory
// (host_claims). A hostname an owner enters is a claim: it routes nothing and blocks nobody, several
// restaurants may claim one host, and it expires after CLAIM_HOURS. The claim's workflow (Cloudflare,
// the TXT record, registering the proven host) is the console's: worker/console/host-claim-flow.ts.
import { randomId } from "../rules/secrets";

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

/** The restaurant that holds `host` as its own domain, or null. */
export const hostHolder = (db: D1Database, host: string): Promise<number | null> =>
  db.prepare("SELECT restaurant_id FROM custom_hosts WHERE host = ?").bind(host).first<number>("restaurant_id");

/** The restaurant's one open claim, on `host` (an earlier or expired one is replaced). */
export async function storeClaim(db: D1Database, restaurantId: number, host: string, now: number): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM host_claims WHERE restaurant_id = ? AND (host != ? OR created_at <= ?)").bind(restaurantId, host, now - CLAIM_MS),
    db
      .prepare("INSERT INTO host_claims (restaurant_id, host, token, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (restaurant_id, host) DO NOTHING")
      .bind(restaurantId, host, `menu-verify=${randomId(24)}`, now),
  ]);
}

/** Drops the restaurant's open claims; true when there was one. */
export async function dropClaims(db: D1Database, restaurantId: number): Promise<boolean> {
  return (await db.prepare("DELETE FROM host_claims WHERE restaurant_id = ?").bind(restaurantId).run()).meta.changes > 0;
}

/** Every restaurant's claim on `host` goes (it became one restaurant's own). */
export async function dropClaimsOn(db: D1Database, host: string): Promise<void> {
  await db.prepare("DELETE FROM host_claims WHERE host = ?").bind(host).run();
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
