// The board's private streams' door (/console/realtime/auth): whether a branch is the restaurant's (its
// object's rows), and the channel's signature for a socket (../realtime/private-auth.ts).
export { branchesIn } from "./reads";
export { signChannel } from "../realtime/private-auth";
export { externalRealtime, SocketId } from "../realtime/settings";
export { missingSecretAnswer } from "../missing-secret";
