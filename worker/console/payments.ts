// The door of the console's payment settings (owners only: the route asks requireMember(…, "billing"),
// so staff get 403): the restaurant's Tap state, connecting its own Tap secret key, forgetting it
// (worker/providers/tap/connect.ts; docs/decisions/0076). The form is parsed here; a key is never
// echoed back, in an answer or an error.
import * as v from "valibot";
import { bumpTenantVersion } from "../directory/versions";
import { restaurantOf } from "../directory/restaurant-rows";
import { cardsChoice } from "../providers/card-payments";
import { connectTap, forgetTap, TAP_SECRET_KEY, tapPayments } from "../providers/tap/connect";
import { restaurantCall } from "../restaurant/stub";
import type { ConsoleTenant } from "./reads";

export { tapPayments };

/** Where Tap and Stripe both serve the restaurant here, the one its diners pay through; else null. */
const choiceOf = async (env: Env, tenant: ConsoleTenant) => {
  const row = await restaurantOf(env.DB, tenant.id);
  return row ? cardsChoice(env, row) : null;
};

/** The screen: the Tap state, and the owner's choice of provider where both serve (docs/decisions/0079). */
export async function paymentsOf(env: Env, tenant: ConsoleTenant) {
  const [tap, cardsThrough] = await Promise.all([tapPayments(env, tenant), choiceOf(env, tenant)]);
  return { tap, cardsThrough };
}

/** Sets which provider takes the diners' cards; false where not both serve (nothing to choose). */
export async function chooseCardsThrough(env: Env, tenant: ConsoleTenant, through: "tap" | "stripe"): Promise<boolean> {
  if ((await choiceOf(env, tenant)) === null) return false;
  if (!(await restaurantCall(env, tenant, "chooseCardsThrough", through, Date.now()))) return false;
  await bumpTenantVersion(env, tenant.domain);
  return true;
}

// How diners pay follows the Tap state (the catalogue's payment modes, charge step and methods:
// docs/decisions/0079), so a change makes the restaurant's cached pages miss from now on.

/** Checks and stores the key (or records Tap's refusal), then the diners' pages follow. */
export async function connectTapKey(env: Env, tenant: ConsoleTenant, secretKey: string) {
  const outcome = await connectTap(env, tenant, secretKey);
  if (outcome.ok || outcome.problem === "refused") await bumpTenantVersion(env, tenant.domain);
  return outcome;
}

/** Forgets the key, then the diners' pages follow. */
export async function forgetTapKey(env: Env, tenant: ConsoleTenant) {
  await forgetTap(env, tenant);
  await bumpTenantVersion(env, tenant.domain);
}

/** The form: connect with a key, or forget the stored one. A malformed key is "secret_key" (422), anything else "intent" (400). */
export const TapForm = v.variant("intent", [
  v.object({ intent: v.literal("connect"), secret_key: v.pipe(v.string("secret_key"), v.trim(), v.regex(TAP_SECRET_KEY, "secret_key")) }),
  v.object({ intent: v.literal("forget") }),
  v.object({ intent: v.literal("choose"), through: v.picklist(["tap", "stripe"], "through") }),
]);
