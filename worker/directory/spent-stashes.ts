// The menu imports' spent stashes in the directory (D1): an upload kept between the dry run and Apply
// (worker/console/menu-csv/stash.ts) is claimed here by one conditional write, since KV has none.

/**
 * Claims stash `id` for one Apply: true for exactly one caller per id. Claims older than `staleBefore`
 * are no use (a stash lives shorter), so each new one clears a bounded few.
 */
export async function claimStash(db: D1Database, id: string, now: number, staleBefore: number): Promise<boolean> {
  const [claimed] = await db.batch([
    db.prepare("INSERT INTO spent_stashes (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id").bind(id, now),
    db.prepare("DELETE FROM spent_stashes WHERE id IN (SELECT id FROM spent_stashes WHERE at < ? LIMIT 20)").bind(staleBefore),
  ]);
  return claimed!.results.length === 1;
}
