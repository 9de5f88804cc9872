// Pusher HTTP API request signing, in one place for both sides: the trigger endpoint verifies with
// it and publish() signs with it. It imports only the HMAC rule (with its extension), so a plain
// script can reuse it; note that MD5 comes from crypto.subtle, which workerd has but Node's WebCrypto does not.
//   auth_signature = hex HMAC-SHA256(secret, "POST\n/apps/{app_id}/events\n" + sorted query string)
// where the query string holds every parameter except auth_signature, keys lower-cased and sorted,
// joined as `key=value&…` without URL-encoding (as Pusher's own libraries do).

import { hex, hmacSha256Hex } from "../rules/hmac.ts";

export const AUTH_VERSION = "1.0";

export async function md5Hex(body: string): Promise<string> {
  return hex(await crypto.subtle.digest("MD5", new TextEncoder().encode(body)));
}

/** The string that is signed: method, path and the canonical query (auth_signature left out). */
export function stringToSign(method: string, path: string, params: Iterable<[string, string]>): string {
  const query = [...params]
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .filter(([k]) => k !== "auth_signature")
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return `${method.toUpperCase()}\n${path}\n${query}`;
}

/** The query parameters of a signed `POST /apps/{appId}/events` carrying `body`. */
export async function signTrigger(options: {
  appId: string;
  key: string;
  secret: string;
  body: string;
  /** Unix seconds; now by default. */
  timestamp?: number;
}): Promise<URLSearchParams> {
  const params: [string, string][] = [
    ["auth_key", options.key],
    ["auth_timestamp", String(options.timestamp ?? Math.floor(Date.now() / 1000))],
    ["auth_version", AUTH_VERSION],
    ["body_md5", await md5Hex(options.body)],
  ];
  const signature = await hmacSha256Hex(options.secret, stringToSign("POST", `/apps/${options.appId}/events`, params));
  return new URLSearchParams([...params, ["auth_signature", signature]]);
}
