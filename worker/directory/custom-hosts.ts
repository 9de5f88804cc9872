// A restaurant's claims on own hostnames in the directory (D1 `custom_hosts`, UNIQUE host: of two
// restaurants asking at once exactly one gets it). The console's own-domain screen
// (worker/console/own-domain.ts) does the rest (Cloudflare for SaaS, KV, the cache).

export interface HostRow {
  id: number;
  host: string;
  cf_id: string | null;
}

/** The restaurant's hosts, newest first. */
export const hostRowsOf = async (db: D1Database, restaurantId: number) =>
  (await db.prepare("SELECT id, host, cf_id FROM custom_hosts WHERE restaurant_id = ? ORDER BY id DESC").bind(restaurantId).all<HostRow>()).results;

/** Claims `host` for the restaurant: its row's id, or null when another row holds it (UNIQUE). */
export async function claimHostRow(db: D1Database, restaurantId: number, host: string, now: number): Promise<number | null> {
  try {
    const row = await db
      .prepare("INSERT INTO custom_hosts (restaurant_id, host, created_at) VALUES (?, ?, ?) RETURNING id")
      .bind(restaurantId, host, now)
      .first<{ id: number }>();
    return row!.id;
  } catch (error) {
    if (!/UNIQUE/.test(String(error))) throw error;
    return null;
  }
}

/** The restaurant holding `host`, or null. */
export const hostHolder = (db: D1Database, host: string) =>
  db.prepare("SELECT restaurant_id FROM custom_hosts WHERE host = ?").bind(host).first<number>("restaurant_id");

export async function deleteHostRow(db: D1Database, id: number): Promise<void> {
  await db.prepare("DELETE FROM custom_hosts WHERE id = ?").bind(id).run();
}

/** Records Cloudflare's id of the host's custom hostname. */
export async function setHostCfId(db: D1Database, id: number, cfId: string): Promise<void> {
  await db.prepare("UPDATE custom_hosts SET cf_id = ? WHERE id = ?").bind(cfId, id).run();
}
