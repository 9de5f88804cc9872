// The restaurants the site's own sitemap lists (issue 40): live ones only (never a draft or an inactive
// restaurant), and none with its own hostname, whose pages live there and are listed by that host's sitemap.

/** A sitemap holds 50,000 addresses at most; each restaurant is one. */
const MAX_LISTED = 50_000;

/** The listed restaurants' domains, oldest first. */
export async function listedDomains(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT domain FROM restaurants r
       WHERE r.is_active = 1 AND NOT EXISTS (SELECT 1 FROM custom_hosts h WHERE h.restaurant_id = r.id)
       ORDER BY r.id LIMIT ?`,
    )
    .bind(MAX_LISTED)
    .all<{ domain: string }>();
  return results.map((r) => r.domain);
}
