// What a restaurant's pictures may take in R2, and the sweep of the ones nothing shows any more. Each
// stored object has a row in the restaurant's object (`pictures`, worker/restaurant/picture-rows.ts); a
// new one is claimed by one conditional write against the restaurant's quota, and each upload first
// sweeps a bounded few objects that no row has pointed at for a day (a page a diner loaded before a
// change may still show a replaced picture for a while). A picture's share copy goes with it.
import { PictureKey } from "./keys";
import * as v from "valibot";
import { restaurantCall } from "../restaurant/stub";
import { shareCopyOf } from "../rules/share-image";

export { PICTURE_QUOTA_BYTES } from "../restaurant/picture-rows";
/** How long an object nothing points at is kept before the sweep deletes it. */
export const SWEEP_AFTER_MS = 86_400_000;
/** Objects one sweep looks at. */
const SWEEP_BATCH = 10;

/**
 * Deletes up to SWEEP_BATCH of the restaurant's objects that nothing has pointed at for SWEEP_AFTER_MS:
 * each row is deleted by a conditional write (still old, still unreferenced), then its object.
 */
export async function sweepPictures(env: Env, restaurantId: number, now = Date.now()): Promise<string[]> {
  const rows = await restaurantCall(env, { id: restaurantId }, "sweepPictureRows", now - SWEEP_AFTER_MS, SWEEP_BATCH);
  const swept = rows.filter((key) => v.is(PictureKey, key));
  const copies = swept.flatMap((key) => shareCopyOf(key)?.key ?? []);
  if (swept.length) await env.PICTURES.delete([...swept, ...copies]);
  return swept;
}
