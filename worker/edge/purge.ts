// POST /_edge/purge/{domain}: the restaurant's backend (or an operator) invalidates one
// restaurant's cached catalogue after an edit. Signed with PURGE_SECRET:
//   X-Purge-Timestamp: unix ms;  X-Purge-Signature: hex HMAC-SHA256(secret, "{domain}\n{timestamp}")
import type { Context } from "hono";
import * as v from "valibot";
import { timingSafeEqualHex } from "../realtime/signature";
import { bumpTenantVersion } from "../tenancy/versions";
import { purgeSignature } from "./purge-signature";

export { purgeSignature };

const MAX_SKEW_MS = 5 * 60_000;
const Domain = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,62}$/));


export async function handlePurge(c: Context<{ Bindings: Env }>) {
  const secret = c.env.PURGE_SECRET;
  if (!secret) return c.json({ error: "Purging is not configured (set PURGE_SECRET)" }, 503);
  const domain = v.safeParse(Domain, c.req.param("domain"));
  if (!domain.success) return c.json({ error: "Invalid restaurant domain" }, 400);
  const timestamp = c.req.header("x-purge-timestamp") ?? "";
  const signature = (c.req.header("x-purge-signature") ?? "").toLowerCase();
  if (!/^\d{10,16}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > MAX_SKEW_MS) {
    return c.json({ error: "Missing or expired X-Purge-Timestamp" }, 401);
  }
  const expected = await purgeSignature(secret, domain.output, timestamp);
  if (!timingSafeEqualHex(signature, expected)) return c.json({ error: "Bad signature" }, 401);
  const version = await bumpTenantVersion(c.env.HOSTS, domain.output);
  return c.json({ purged: domain.output, version });
}
