// What the console reads and writes of a restaurant's own row in the directory (D1 `restaurants`): its
// domain, currency, country and Stripe account, its state, and its currency set by the owner.
// Every statement is by the member's restaurant id.

/** What the screens need of the restaurant itself: money's currency, phones' country, the diner's address, its Stripe account. */
export const restaurantOf = (db: D1Database, restaurantId: number) =>
  db
    .prepare("SELECT id, domain, currency, country, stripe_account_id FROM restaurants WHERE id = ?")
    .bind(restaurantId)
    .first<{ id: number; domain: string; currency: string; country: string; stripe_account_id: string | null }>();

/** The restaurant's state in the directory (migrations/0024: 0 inactive, 1 live, 2 draft). */
export const restaurantState = (db: D1Database, restaurantId: number) =>
  db.prepare("SELECT is_active FROM restaurants WHERE id = ?").bind(restaurantId).first<{ is_active: number }>();

/** The restaurant's currency as the directory holds it, or null when there is no such restaurant. */
export const restaurantCurrency = async (db: D1Database, restaurantId: number) =>
  (await db.prepare("SELECT currency FROM restaurants WHERE id = ?").bind(restaurantId).first<{ currency: string }>())?.currency ?? null;

/** Sets the currency only while it is still `from`; false when another change won meanwhile. */
export async function swapCurrency(db: D1Database, restaurantId: number, from: string, to: string): Promise<boolean> {
  const written = await db
    .prepare("UPDATE restaurants SET currency = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ? AND currency = ?")
    .bind(to, restaurantId, from)
    .run();
  return written.meta.changes > 0;
}
