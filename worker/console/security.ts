// The security screen's door (/console/security, any member): the person's passkeys, their own name,
// signing out everywhere and leaving the current restaurant (never as its last owner). The rows are
// the directory's (sessions, passkeys, people, members); dates on the restaurant's calendar.
import { leaveRestaurant, ownName, setOwnName } from "../directory/invitations";
import { passkeysOf, removePasskey } from "../directory/passkeys";
import { endEverySession } from "../directory/sessions";
import type { RestaurantRef } from "../restaurant/stub";
import { forgetMemberCopies } from "./member-cache";
import { restaurantZone } from "./reads";

/** The person's passkeys and own name, and the restaurant's calendar (its first branch's zone). */
export async function securityOf(env: Env, personId: number, tenant: RestaurantRef) {
  const [passkeys, name, timeZone] = await Promise.all([passkeysOf(env.DB, personId), ownName(env.DB, personId), restaurantZone(env, tenant)]);
  return { passkeys, name: name ?? "", timeZone };
}

export const renameSelf = (env: Env, personId: number, name: string) => setOwnName(env.DB, personId, name);
/** Leaving: the restaurant's copies of sessions made before are void (their boards read D1 again). */
export async function leave(env: Env, personId: number, restaurantId: number) {
  const left = await leaveRestaurant(env.DB, personId, restaurantId);
  if (left !== "lastOwner") await forgetMemberCopies(env, [restaurantId]);
  return left;
}
/** Every session of the person ends; every restaurant they work in voids its copies of sessions. */
export async function signOutEverywhere(env: Env, personId: number, restaurantIds: readonly number[]) {
  await endEverySession(env.DB, personId);
  await forgetMemberCopies(env, restaurantIds);
}
/** Only the person's own passkey: another's id is false, whoever holds it. */
export const removeOwnPasskey = (env: Env, personId: number, id: string) => removePasskey(env.DB, personId, id);
