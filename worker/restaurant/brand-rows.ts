// The restaurant's colours, social links and review link on the object's rows (the console's brand
// screen, worker/console/brand.ts): every statement is scoped by the restaurant. The socials are
// replaced as one batch (one transaction), so concurrent saves leave one whole set, never a mix.
import type { SqlStore } from "./sql-bridge";

/** The four colours the diner's screens paint with (secondary / onSecondary are not used there). */
export interface BrandColours {
  primary: string;
  onPrimary: string;
  background: string;
  onBackground: string;
}

/** How many social types there are (0–7). */
const SOCIAL_TYPE_COUNT = 8;

/** One link per network: the index is the social type (the spec's 0–6 and 7 TikTok, app/lib/social.ts's order). */
export type SocialValues = readonly (string | null)[];

export interface BrandSettings {
  colours: { [K in keyof BrandColours]: string | null };
  socials: (string | null)[];
  /** The restaurant's review page (Google), offered to a diner after a high rating (worker/restaurant/ratings.ts). */
  reviewUrl: string | null;
}

/** What is stored now: the colours as saved (null: the product's), and each type's link. */
export async function brandSettingsOf(db: SqlStore, restaurantId: number): Promise<BrandSettings> {
  const [brand, socials] = await db.batch([
    db
      .prepare("SELECT style_primary, style_on_primary, style_background, style_on_background, review_url FROM brand WHERE restaurant_id = ?")
      .bind(restaurantId),
    db.prepare("SELECT type, value FROM socials WHERE restaurant_id = ? ORDER BY id").bind(restaurantId),
  ]);
  const row = brand!.results[0] as Record<string, string | null> | undefined;
  const links: (string | null)[] = Array.from({ length: SOCIAL_TYPE_COUNT }, () => null);
  for (const s of socials!.results as { type: number; value: string }[]) links[s.type] ??= s.value;
  return {
    colours: {
      primary: row?.style_primary ?? null,
      onPrimary: row?.style_on_primary ?? null,
      background: row?.style_background ?? null,
      onBackground: row?.style_on_background ?? null,
    },
    socials: links,
    reviewUrl: row?.review_url ?? null,
  };
}

/** Saves the colours (the diner's page reads them as `style`, and the first steps tick on style_primary). */
export async function saveColours(db: SqlStore, restaurantId: number, c: BrandColours): Promise<void> {
  await db
    .prepare(
      `INSERT INTO brand (restaurant_id, style_primary, style_on_primary, style_background, style_on_background) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (restaurant_id) DO UPDATE SET style_primary = ?2, style_on_primary = ?3, style_background = ?4, style_on_background = ?5,
       updated_at = CURRENT_TIMESTAMP`,
    )
    .bind(restaurantId, c.primary, c.onPrimary, c.background, c.onBackground)
    .run();
}

/** Replaces every social link of the restaurant with these (an empty one is simply not inserted), and its review link, in one transaction. */
export async function saveSocials(db: SqlStore, restaurantId: number, values: SocialValues, reviewUrl: string | null): Promise<void> {
  const rows = values.flatMap((value, type) => (value ? [{ type, value }] : []));
  await db.batch([
    db
      .prepare(
        "INSERT INTO brand (restaurant_id, review_url) VALUES (?1, ?2) ON CONFLICT (restaurant_id) DO UPDATE SET review_url = ?2, updated_at = CURRENT_TIMESTAMP",
      )
      .bind(restaurantId, reviewUrl),
    db.prepare("DELETE FROM socials WHERE restaurant_id = ?").bind(restaurantId),
    ...rows.map(({ type, value }) =>
      db.prepare("INSERT INTO socials (restaurant_id, name, type, value) VALUES (?, NULL, ?, ?)").bind(restaurantId, type, value),
    ),
  ]);
}
