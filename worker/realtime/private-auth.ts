// Pusher private-channel authorisation, in one place for both sides: the console's auth endpoint
// signs with it and the ChannelHub verifies with it.
//   auth = "{key}:" + hex HMAC-SHA256(secret, socket_id + ":" + channel)
// Both inputs are parsed first (SocketId, ChannelName: neither can hold a ":"), so one signed string
// cannot be read as another socket's or another channel's.
import { externalRealtime, localRealtime } from "./settings";
import { hmacSha256Hex, timingSafeEqualHex } from "../rules/hmac";

/** The `auth` a socket presents in pusher:subscribe for a private channel. */
async function channelAuth(key: string, secret: string, socketId: string, channel: string): Promise<string> {
  return `${key}:${await hmacSha256Hex(secret, `${socketId}:${channel}`)}`;
}

/** Whether `auth` was signed for this socket and channel with this key's secret (no early exit). */
export async function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): Promise<boolean> {
  if (typeof auth !== "string") return false;
  const separator = auth.lastIndexOf(":");
  if (separator < 0 || auth.slice(0, separator) !== key) return false;
  const expected = await hmacSha256Hex(secret, `${socketId}:${channel}`);
  return timingSafeEqualHex(auth.slice(separator + 1).toLowerCase(), expected);
}

/**
 * The auth for a socket and channel with whichever server the browsers use: the external service's
 * key and secret when PUSHER_KEY is set, the site's own otherwise. null: no secret configured.
 */
export async function signChannel(env: Env, socketId: string, channel: string): Promise<string | null> {
  const { key, secret } = externalRealtime(env) ?? localRealtime(env);
  return secret ? channelAuth(key, secret, socketId, channel) : null;
}
