// How an order webhook is signed, Stripe's way, for both sides: the delivery signs with it, and a
// receiver (docs/operations.md's example, the browser tests' stand-in) verifies with it.
//   Menu-Signature: t={unix seconds},v1={hex HMAC-SHA256(endpoint secret, "{t}.{raw body}")}
// A receiver checks the HMAC in constant time and refuses a timestamp more than 5 minutes away.
import { hmacSha256Hex, timingSafeEqualHex } from "../rules/hmac";

export const SIGNATURE_HEADER = "Menu-Signature";
const TOLERANCE_SECONDS = 300;

export async function signatureHeader(secret: string, body: string, unixSeconds: number): Promise<string> {
  return `t=${unixSeconds},v1=${await hmacSha256Hex(secret, `${unixSeconds}.${body}`)}`;
}

/** True when `header` signs `body` with `secret` at a time within TOLERANCE_SECONDS of `nowSeconds`. */
export async function verifySignature(secret: string, body: string, header: string, nowSeconds: number): Promise<boolean> {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return false;
  return timingSafeEqualHex(given, await hmacSha256Hex(secret, `${t}.${body}`));
}
