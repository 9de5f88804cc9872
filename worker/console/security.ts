// The security screen's door (/console/security, any member): the person's passkeys, their own name,
// signing out everywhere and leaving the current restaurant (never as its last owner). The rows are
// the directory's (sessions, passkeys, people, members); dates on the restaurant's calendar.
import { leaveRestaurant, ownName, setOwnName } from "../directory/invitations";
import { passkeysOf, removePasskey } from "../directory/passkeys";
import { endEverySession } from "../directory/sessions";
import type { RestaurantRef } from "../restaurant/stub";
import { restaurantZone } from "./reads";

/** The person's passkeys and own name, and the restaurant's calendar (its first branch's zone). */
export async function securityOf(env: Env, personId: number, tenant: RestaurantRef) {
  const [passkeys, name, timeZone] = await Promise.all([passkeysOf(env.DB, personId), ownName(env.DB, personId), restaurantZone(env, tenant)]);
  return { passkeys, name: name ?? "", timeZone };
}

export const renameSelf = (env: Env, personId: number, name: string) => setOwnName(env.DB, personId, name);
export const leave = (env: Env, personId: number, restaurantId: number) => leaveRestaurant(env.DB, personId, restaurantId);
export const signOutEverywhere = (env: Env, personId: number) => endEverySession(env.DB, personId);
/** Only the person's own passkey: another's id is false, whoever holds it. */
export const removeOwnPasskey = (env: Env, personId: number, id: string) => removePasskey(env.DB, personId, id);
