// The door of the console's payment settings (owners only: the route asks requireMember(…, "billing"),
// so staff get 403): the restaurant's Tap state, connecting its own Tap secret key, forgetting it
// (worker/providers/tap/connect.ts; docs/decisions/0076). The form is parsed here; a key is never
// echoed back, in an answer or an error.
import * as v from "valibot";
import { bumpTenantVersion } from "../directory/versions";
import { connectTap, forgetTap, TAP_SECRET_KEY } from "../providers/tap/connect";
import type { ConsoleTenant } from "./reads";

export { tapPayments } from "../providers/tap/connect";

// How diners pay follows the Tap state (the catalogue's payment modes, charge step and methods:
// docs/decisions/0079), so a change makes the restaurant's cached pages miss from now on.

/** Checks and stores the key (or records Tap's refusal), then the diners' pages follow. */
export async function connectTapKey(env: Env, tenant: ConsoleTenant, secretKey: string) {
  const outcome = await connectTap(env, tenant, secretKey);
  if (outcome.ok || outcome.problem === "refused") await bumpTenantVersion(env.HOSTS, tenant.domain);
  return outcome;
}

/** Forgets the key, then the diners' pages follow. */
export async function forgetTapKey(env: Env, tenant: ConsoleTenant) {
  await forgetTap(env, tenant);
  await bumpTenantVersion(env.HOSTS, tenant.domain);
}

/** The form: connect with a key, or forget the stored one. A malformed key is "secret_key" (422), anything else "intent" (400). */
export const TapForm = v.variant("intent", [
  v.object({ intent: v.literal("connect"), secret_key: v.pipe(v.string("secret_key"), v.trim(), v.regex(TAP_SECRET_KEY, "secret_key")) }),
  v.object({ intent: v.literal("forget") }),
]);
