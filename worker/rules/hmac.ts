// The one home of the HMAC helpers: hex HMAC-SHA256 and a constant-time comparison of hex digests, for
// every signature the site makes or checks (the purge call, the realtime API, order webhooks, the
// stored codes and keys). No imports, so scripts running on plain Node (the benchmark) use it as it is.

/** Bytes as lower-case hex. */
export const hex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Lower-case hex HMAC-SHA256 of `message` (UTF-8) under `secret`. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

/** Compares two hex strings without an early exit on the first differing character. */
export function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
