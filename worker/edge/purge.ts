// POST /_edge/purge/{domain}: the restaurant's backend (or an operator) invalidates one
// restaurant's cached catalogue after an edit. Signed with PURGE_SECRET:
//   X-Purge-Timestamp: unix ms;  X-Purge-Signature: hex HMAC-SHA256(secret, "{domain}\n{timestamp}")
// Each signed request works once: its timestamp must be within 5 minutes of now and not used before
// for that domain (PurgeGuard), and the domain must be a restaurant the API knows.
import type { Context } from "hono";
import * as v from "valibot";
import { DomainInPath } from "../rules/reserved";
import { timingSafeEqualHex } from "../rules/hmac";
import { missingSecretAnswer } from "../missing-secret";
import { bumpTenantVersion } from "../directory/versions";
import { upstreamFor } from "../upstream";
import { UpstreamError } from "../upstream/errors";
import { ServerTimings } from "../upstream/timing";
import { MAX_SKEW_MS } from "../directory/purge-guard";
import { purgeGuardFor } from "../directory/versions";
import { purgeSignature } from "./purge-signature";

export { purgeSignature };

const Timestamp = v.pipe(v.string(), v.regex(/^\d{10,16}$/), v.transform(Number));

/** Whether the restaurant API knows `domain`; null when it cannot tell (down, timed out, bad answer). */
async function restaurantExists(c: Context<{ Bindings: Env }>, domain: string): Promise<boolean | null> {
  try {
    await upstreamFor(c.env, c.executionCtx as ExecutionContext, new ServerTimings()).getBranch(domain);
    return true;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "not-found") return false;
    console.error("purge: restaurant lookup failed", error);
    return null;
  }
}

export async function handlePurge(c: Context<{ Bindings: Env }>) {
  const secret = c.env.PURGE_SECRET;
  if (!secret) return missingSecretAnswer("PURGE_SECRET");
  const domain = v.safeParse(DomainInPath, c.req.param("domain"));
  if (!domain.success) return c.json({ error: "Invalid restaurant domain" }, 400);
  const rawTimestamp = c.req.header("x-purge-timestamp") ?? "";
  const timestamp = v.safeParse(Timestamp, rawTimestamp);
  if (!timestamp.success || Math.abs(Date.now() - timestamp.output) > MAX_SKEW_MS) {
    return c.json({ error: "Missing or expired X-Purge-Timestamp" }, 401);
  }
  // Cheapest first: the signature, then the restaurant, then the once-only claim, then the bump.
  const signature = (c.req.header("x-purge-signature") ?? "").toLowerCase();
  const expected = await purgeSignature(secret, domain.output, rawTimestamp);
  if (!timingSafeEqualHex(signature, expected)) return c.json({ error: "Bad signature" }, 401);

  const exists = await restaurantExists(c, domain.output);
  if (exists === null) return c.json({ error: "The restaurant API is unavailable; try again" }, 503);
  if (!exists) return c.json({ error: `Unknown restaurant: ${domain.output}` }, 404);

  if (!(await purgeGuardFor(c.env, domain.output).claim(timestamp.output))) {
    return c.json({ error: "This purge was already used: sign a new one with the current time" }, 409);
  }
  const version = await bumpTenantVersion(c.env, domain.output);
  return c.json({ purged: domain.output, version });
}
