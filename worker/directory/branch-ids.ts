// Which restaurant's object holds a branch: the directory's list of branch ids (migrations/0027). Branch
// ids stay unique across restaurants (the contract's GET calls name a branch and no restaurant), so a new
// branch's id is claimed here before its row is written in the restaurant's object.

/** Records the branches a restaurant's object holds (ids it already has; a known one is kept). */
export async function registerBranches(db: D1Database, restaurantId: number, branchIds: readonly number[]): Promise<void> {
  if (branchIds.length === 0) return;
  await db
    .prepare("INSERT OR IGNORE INTO branch_ids (id, restaurant_id) SELECT value, ? FROM json_each(?)")
    .bind(restaurantId, JSON.stringify(branchIds))
    .run();
}

/** A new branch id for the restaurant, unique across restaurants. */
export async function claimBranchId(db: D1Database, restaurantId: number): Promise<number> {
  return (await db.prepare("INSERT INTO branch_ids (restaurant_id) VALUES (?) RETURNING id").bind(restaurantId).first<{ id: number }>())!.id;
}

/** The domain of the restaurant whose branch `branchId` is, or null. */
export const branchDomain = async (db: D1Database, branchId: number) =>
  (await db.prepare("SELECT r.domain FROM branch_ids b JOIN restaurants r ON r.id = b.restaurant_id WHERE b.id = ?").bind(branchId).first<{ domain: string }>())
    ?.domain ?? null;
