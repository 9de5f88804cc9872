// One Durable Object per client network (worker/rules/network-key.ts) that counts its open sockets across
// every restaurant's hub: each hub caps one network's sockets on itself, this caps them site-wide, so
// a network cannot hold sockets on a hundred restaurants' hubs at once (docs/decisions/0038).
import { DurableObject } from "cloudflare:workers";

/**
 * Sockets one client network may hold across all hubs. A hub allows 50 per network
 * (MAX_SOCKETS_PER_ADDRESS); a food court's shared Wi-Fi may have diners of a few restaurants
 * watching orders at once, so twice that site-wide, where before one object allowed 50 in all.
 */
export const MAX_SOCKETS_PER_NETWORK = 100;
/** A claim younger than this may belong to an upgrade still on its way to being accepted. */
const IN_FLIGHT_MS = 60_000;
/**
 * A socket whose close was never reported (the hub restarted under it, as on a deploy) stops counting
 * after this; a hub's own list corrects its entries sooner, on that network's next upgrade there.
 */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export class SocketLedger extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS sockets (hub TEXT NOT NULL, id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (hub, id))");
  }

  /**
   * RPC: may socket `id` open on `hub`? `open` lists this network's sockets the hub holds now, so
   * entries of that hub it no longer holds are dropped first. Count and insert run with no await
   * between them: concurrent upgrades cannot pass the cap.
   */
  claim(hub: string, id: string, open: string[]): boolean {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    sql.exec("DELETE FROM sockets WHERE at < ?", now - FORGET_AFTER_MS);
    sql.exec("DELETE FROM sockets WHERE hub = ? AND at < ? AND id NOT IN (SELECT value FROM json_each(?))", hub, now - IN_FLIGHT_MS, JSON.stringify(open));
    const held = sql.exec<{ n: number }>("SELECT count(*) AS n FROM sockets").one().n;
    if (held >= MAX_SOCKETS_PER_NETWORK) return false;
    sql.exec("INSERT OR REPLACE INTO sockets (hub, id, at) VALUES (?, ?, ?)", hub, id, now);
    return true;
  }

  /** RPC: socket `id` on `hub` closed (or was refused by the hub after its claim). */
  release(hub: string, id: string): void {
    this.ctx.storage.sql.exec("DELETE FROM sockets WHERE hub = ? AND id = ?", hub, id);
  }
}
