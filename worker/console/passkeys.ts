// The passkeys' door (/console/passkey/*): the WebAuthn ceremonies against the directory's passkeys
// and challenges (../directory/passkeys.ts), each challenge limited per client network; signing in
// with one starts a session for its person.
import * as keys from "../directory/passkeys";
import { personById } from "../directory/people";
import type { NetworkKey } from "../rules/network-key";

export { AuthenticationBody, RegistrationBody, relyingParty } from "../directory/passkeys";
export { addressTag } from "../rules/network-key";
export { startConsoleSession } from "./sign-in";

type Rp = keys.RelyingParty;

export const signInOptions = (env: Env, rp: Rp, network: NetworkKey) => keys.authenticationOptions(env.DB, rp, network);
export const signInWithPasskey = (env: Env, rp: Rp, answer: Parameters<typeof keys.authenticatePasskey>[2]) => keys.authenticatePasskey(env.DB, rp, answer);

/** The options to add a passkey for the signed-in person (their session gives the challenge). */
export async function registerOptions(env: Env, rp: Rp, personId: number, sessionHash: string, network: NetworkKey) {
  const person = await personById(env.DB, personId);
  return keys.registrationOptions(env.DB, rp, person!, sessionHash, network);
}

export const register = (env: Env, rp: Rp, personId: number, sessionHash: string, answer: Parameters<typeof keys.registerPasskey>[4]) =>
  keys.registerPasskey(env.DB, rp, personId, sessionHash, answer);
