// Diners' visits on the object's rows: the `num_visit` counters of branches, menus, categories and
// dishes, and the insights' hourly buckets (`visit_hours`). A counter is bumped with the read that
// counted it (./catalogue-reads.ts) or, summed, by the edge's tally (worker/edge/visit-tally.ts). Ids of
// another restaurant match nothing.
import type { SqlStore } from "./sql-bridge";

/** The rows of each counted table that belong to the restaurant with id `?`. */
const OWNED = {
  branches: "restaurant_id = ?",
  menus: "branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?)",
  categories: "menu_id IN (SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?)",
  products: "category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?)",
} as const;
export type CountedTable = keyof typeof OWNED;

/** Bumps `num_visit` of one row, only when `visit` is 1 and the row belongs to the restaurant (a statement for a batch). */
export const countVisit = (db: SqlStore, table: CountedTable, id: number, restaurantId: number, visit: number) =>
  visit === 1 ? [db.prepare(`UPDATE ${table} SET num_visit = num_visit + 1 WHERE id = ? AND ${OWNED[table]}`).bind(id, restaurantId)] : [];

/** Visits of one item in the unix hour they were counted in, for the insights' buckets (migration 0014). */
export type HourlyVisits = readonly [kind: "b" | "m" | "p", id: number, hour: number, visits: number];

/** The branch of each bucket's item, when the item is restaurant `?1`'s; else no row. */
const HOURLY_UPSERT = `WITH v AS (SELECT value->>0 AS kind, value->>1 AS item, value->>2 AS hour, value->>3 AS n FROM json_each(?2))
INSERT INTO visit_hours (kind, item_id, hour, branch_id, visits)
SELECT kind, item, hour, branch, n FROM (SELECT v.*, CASE v.kind
    WHEN 'b' THEN (SELECT b.id FROM branches b WHERE b.id = v.item AND b.restaurant_id = ?1)
    WHEN 'm' THEN (SELECT b.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE m.id = v.item AND b.restaurant_id = ?1)
    WHEN 'p' THEN (SELECT b.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
                   JOIN branches b ON b.id = m.branch_id WHERE p.id = v.item AND b.restaurant_id = ?1)
  END AS branch FROM v) WHERE branch IS NOT NULL
ON CONFLICT (kind, item_id, hour) DO UPDATE SET visits = visits + excluded.visits`;

/**
 * Adds summed visits (table → id → count) in one transaction, one statement per table, and the same
 * visits by hour to visit_hours in one more statement, so totals and buckets never disagree. Returns
 * the number of write statements run.
 */
export async function addVisitCounts(
  db: SqlStore,
  restaurantId: number,
  counts: Partial<Record<CountedTable, Record<number, number>>>,
  hourly: readonly HourlyVisits[],
): Promise<number> {
  // Only the counted tables (the names come over RPC and are written into the statement).
  const statements = Object.entries(counts)
    .filter(([table]) => Object.hasOwn(OWNED, table))
    .map(([table, byId]) =>
      db
        .prepare(
          `UPDATE ${table} SET num_visit = num_visit + v.value FROM json_each(?) AS v
         WHERE ${table}.id = CAST(v.key AS INTEGER) AND ${OWNED[table as CountedTable]}`, // (json_each has an "id" too)
        )
        .bind(JSON.stringify(byId), restaurantId),
    );
  if (hourly.length) statements.push(db.prepare(HOURLY_UPSERT).bind(restaurantId, JSON.stringify(hourly)));
  if (statements.length) await db.batch(statements);
  return statements.length;
}
