// The uploaded file between the dry run and "Apply": kept in KV for a few minutes under a random id and
// bound to the member, restaurant and branch that uploaded it, so Apply posts only the id (no second
// upload) and nobody else can apply it.
import * as v from "valibot";
import { claimStash } from "../../directory/spent-stashes";
import { randomId } from "../../rules/secrets";

const STASH_SECONDS = 15 * 60;
const key = (id: string) => `menu-csv:${id}`;

export interface StashOwner {
  personId: number;
  restaurantId: number;
  branchId: number;
}
const Stashed = v.object({ personId: v.number(), restaurantId: v.number(), branchId: v.number(), text: v.string() });

export async function stashImport(kv: KVNamespace, owner: StashOwner, text: string): Promise<string> {
  const id = randomId(18);
  await kv.put(key(id), JSON.stringify({ ...owner, text }), { expirationTtl: STASH_SECONDS });
  return id;
}

/** The stashed text when `id` is one this owner stashed (and not yet expired), else null. */
export async function stashedImport(kv: KVNamespace, owner: StashOwner, id: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) return null;
  const stored = v.safeParse(Stashed, await kv.get(key(id), "json").catch(() => null));
  if (!stored.success) return null;
  const s = stored.output;
  return s.personId === owner.personId && s.restaurantId === owner.restaurantId && s.branchId === owner.branchId ? s.text : null;
}

/**
 * Spends a stash for one Apply, claimed by one conditional write in D1 (../../directory/spent-stashes.ts;
 * KV has none: a read-then-delete let concurrent Applies all pass). True for exactly one caller per id.
 */
export async function spendStash(db: D1Database, kv: KVNamespace, id: string, now = Date.now()): Promise<boolean> {
  // A stash outlives STASH_SECONDS nowhere: claims older than twice that are cleared.
  const claimed = await claimStash(db, id, now, now - 2 * STASH_SECONDS * 1000);
  await kv.delete(key(id));
  return claimed;
}
