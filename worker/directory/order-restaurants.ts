// The directory's (D1) rows of restaurants as the order code reads them: by id (an order's restaurant),
// by Stripe account (a payment webhook names only the account), by domain (a restaurant's key), and
// the list the move walks.
import type { RestaurantRow } from "./restaurant-row";

/** What the order code needs of an order's restaurant from the directory: its object, hub, money, Stripe account and names (an invoice's seller). */
export type OrderRestaurant = Pick<RestaurantRow, "id" | "domain" | "currency" | "country" | "stripe_account_id" | "name_en" | "name_ar">;
const ORDER_RESTAURANT = "SELECT id, domain, currency, country, stripe_account_id, name_en, name_ar FROM restaurants";

export const orderRestaurant = (db: D1Database, id: number) => db.prepare(`${ORDER_RESTAURANT} WHERE id = ?`).bind(id).first<OrderRestaurant>();

/** The restaurants paid into a Stripe account (one, unless an account was shared): a webhook names the account only. */
export const restaurantsOfAccount = (db: D1Database, account: string) =>
  db
    .prepare(`${ORDER_RESTAURANT} WHERE stripe_account_id = ? LIMIT 10`)
    .bind(account)
    .all<OrderRestaurant>()
    .then((r) => r.results);

/** The restaurant with `domain` (whatever its state), as a restaurant's key names it: its id and country, or null. */
export const restaurantIdOfDomain = (db: D1Database, domain: string) =>
  db.prepare("SELECT id, country FROM restaurants WHERE domain = ?").bind(domain).first<{ id: number; country: string }>();

/** A restaurant's names by id (the demo pay page's heading), or null. */
export const restaurantNames = (db: D1Database, id: number) =>
  db
    .prepare("SELECT id, domain, name_en, name_ar FROM restaurants WHERE id = ?")
    .bind(id)
    .first<{ id: number; domain: string; name_en: string; name_ar: string }>();

/** Up to `limit` restaurants after id `after`, in id order (the move's next page). */
export const restaurantsAfter = (db: D1Database, after: number, limit: number) =>
  db
    .prepare("SELECT id, country FROM restaurants WHERE id > ? ORDER BY id LIMIT ?")
    .bind(after, limit)
    .all<{ id: number; country: string | null }>()
    .then((r) => r.results);
