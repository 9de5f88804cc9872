// Pusher HTTP API request signing, in one place for both sides: the trigger endpoint verifies with
// it and publish() signs with it. No imports, so a plain script can reuse it; note that MD5 comes
// from crypto.subtle, which workerd has but Node's WebCrypto does not.
//   auth_signature = hex HMAC-SHA256(secret, "POST\n/apps/{app_id}/events\n" + sorted query string)
// where the query string holds every parameter except auth_signature, keys lower-cased and sorted,
// joined as `key=value&…` without URL-encoding (as Pusher's own libraries do).

export const AUTH_VERSION = "1.0";

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function md5Hex(body: string): Promise<string> {
  return hex(await crypto.subtle.digest("MD5", new TextEncoder().encode(body)));
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
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

/** Compares two hex strings without an early exit on the first differing character. */
export function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
