// The invitations screen's door (/console/invitations, any signed-in person): their pending
// invitations, accepted (under the name they choose for themselves) or declined by them alone, in the
// directory (../directory/invitations.ts).
import { acceptInvitation, declineInvitation, invitationsOf, ownName, setOwnName } from "../directory/invitations";
import { membershipsOf } from "../directory/people";

export async function invitationsPage(env: Env, personId: number) {
  const [invitations, name] = await Promise.all([invitationsOf(env.DB, personId), ownName(env.DB, personId)]);
  return { invitations, name: name ?? "" };
}

export const decline = (env: Env, personId: number, memberId: number) => declineInvitation(env.DB, personId, memberId);

/** Accepts the invitation and names the person: the restaurant and the accepted membership, or null when it is gone. */
export async function accept(env: Env, personId: number, memberId: number, name: string) {
  const restaurantId = await acceptInvitation(env.DB, personId, memberId);
  if (restaurantId === null) return null;
  await setOwnName(env.DB, personId, name);
  return { restaurantId, membership: (await membershipsOf(env.DB, personId)).find((m) => m.restaurant_id === restaurantId) };
}
