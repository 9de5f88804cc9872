// The door for the check every console screen makes (app/lib/console-session.server.ts): who a session
// cookie names, their memberships and the restaurant they worked in last (the directory's rows), and
// whether a branch is one of the restaurant's (its object's); and what the console's frame does with
// them: the pending invitations' count, the restaurant switcher, signing out.
import { invitationsOf, rememberRestaurant } from "../directory/invitations";
import type { Membership } from "../directory/people";
import { endSession, sessionMembers } from "../directory/sessions";
import type { ConsoleTenant } from "./reads";

export { SESSION_DAYS } from "../directory/sessions";
export { copiedSessionMembers, dropSessionCopy, forgetMemberCopies } from "./member-cache";
export { consoleBranch } from "./branch-settings";
export type { ConsoleTenant, Membership };

/** The person a session id names (with their accepted memberships and last restaurant), or null. */
export const consoleSession = (env: Env, id: string) => sessionMembers(env.DB, id);

/** How many invitations wait for the person (the frame's badge). */
export const pendingInvitations = async (env: Env, personId: number) => (await invitationsOf(env.DB, personId)).length;

/** The restaurant the console opens in next time, on any device. */
export const chooseRestaurant = (env: Env, personId: number, restaurantId: number) => rememberRestaurant(env.DB, personId, restaurantId);

/** Ends this session (the person's others stay). */
export const signOut = (env: Env, idHash: string) => endSession(env.DB, idHash);
