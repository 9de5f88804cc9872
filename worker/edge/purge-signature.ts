// The purge call's signature: hex HMAC-SHA256(secret, "{domain}\n{timestamp}"). It imports only the
// HMAC rule (with its extension), so scripts running on plain Node (the benchmark, a restaurant's
// backend) can use it as it is.
import { hmacSha256Hex } from "../rules/hmac.ts";

export const purgeSignature = (secret: string, domain: string, timestamp: string): Promise<string> => hmacSha256Hex(secret, `${domain}\n${timestamp}`);
