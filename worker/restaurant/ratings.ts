// A diner's word after the meal (docs/decisions/0055): once an order is ready, its diner may rate it
// 1–5 with a short note, once (the UPDATE is the claim: of concurrent tries one is stored). The owner
// reads a branch's ratings in insights; a high rating is offered the restaurant's review link.
// rateOrder is an operation the API calls by name (./calls-diner.ts).
import { ORDER_STATUS } from "../rules/status-table";
import { TOKENS_ORDERS } from "./orders";
import type { OrdersDb, SqlStore } from "./sql-bridge";

/** From this many stars a diner is offered the restaurant's review link (if it set one). */
export const HIGH_RATING = 4;

export type RateOutcome = { ok: true } | { ok: false; problem: "notFound" | "notReady" | "rated" };

/**
 * Rates order `orderId` of the token's phone (`scope`: an order-scoped token's one order, else null).
 * Stored only while it is ready and not rated; otherwise says why (another's order is as unknown as a missing one).
 */
export async function rateOrder(
  db: SqlStore,
  restaurantId: number,
  owner: { phone: string; scope: number | null },
  orderId: number,
  rating: { stars: number; note: string | null },
  now = Date.now(),
): Promise<RateOutcome> {
  const mine = `id = ?4 AND ${TOKENS_ORDERS}`;
  const [rated, found] = await db.batch<{ id: number; status: number; rating: number | null }>([
    db
      .prepare(
        `UPDATE orders SET rating = ?5, rating_note = ?6, rated_at = ?7 WHERE ${mine} AND status = ${ORDER_STATUS.ready} AND rating IS NULL RETURNING id`,
      )
      .bind(restaurantId, owner.phone, owner.scope, orderId, rating.stars, rating.note, now),
    db.prepare(`SELECT id, status, rating FROM orders WHERE ${mine}`).bind(restaurantId, owner.phone, owner.scope, orderId),
  ]);
  if (rated!.results.length) return { ok: true };
  const order = found!.results[0];
  if (!order) return { ok: false, problem: "notFound" };
  return { ok: false, problem: order.rating !== null ? "rated" : "notReady" };
}

export interface BranchRatings {
  count: number;
  /** The mean in tenths of a star (43 = 4.3), null without ratings. */
  averageTenths: number | null;
  /** How many of each, 1 to 5 stars. */
  byStars: number[];
  /** The latest notes, newest first. */
  recent: { num_order: number; stars: number; note: string; rated_at: number }[];
}

/** A branch's ratings given between `from` and `to` (unix ms). */
export async function branchRatings(db: OrdersDb, restaurantId: number, branchId: number, from: number, to: number): Promise<BranchRatings> {
  const where = "restaurant_id = ?1 AND branch_id = ?2 AND rated_at BETWEEN ?3 AND ?4";
  const [counts, notes] = await db.batch([
    db.prepare(`SELECT rating, count(*) AS n FROM orders WHERE ${where} GROUP BY rating`).bind(restaurantId, branchId, from, to),
    db
      .prepare(
        `SELECT num_order, rating AS stars, rating_note AS note, rated_at FROM orders WHERE ${where} AND rating_note IS NOT NULL ORDER BY rated_at DESC LIMIT 5`,
      )
      .bind(restaurantId, branchId, from, to),
  ]);
  const byStars = [0, 0, 0, 0, 0];
  for (const row of counts!.results as { rating: number; n: number }[]) byStars[row.rating - 1] = row.n;
  const count = byStars.reduce((a, b) => a + b, 0);
  const sum = byStars.reduce((a, n, i) => a + n * (i + 1), 0);
  return { count, averageTenths: count ? Math.round((sum * 10) / count) : null, byStars, recent: notes!.results as BranchRatings["recent"] };
}
