// Sending a sign-in code without telling who is a member: every phone's request is limited and answered
// at once, the same way, before anything else is looked up; only then, in the background, a member's
// code is stored and texted (a phone that belongs to no team gets nothing). The answer's bytes and
// timing cannot tell the two apart (docs/DESIGN.md "Security", docs/decisions/0036). The sign-in
// screen's door (/console/sign-in, and the passkeys' sign-in): the code checked, a session started.
import type { NetworkKey } from "../rules/network-key";
import { claim } from "../limits/claim";
import { smsProvider } from "../providers/sms";
import { isMemberPhone } from "../directory/members";
import { membershipsOf, personByPhone } from "../directory/people";
import { startSession } from "../directory/sessions";
import { deliverConsoleCode, verifyConsoleCode, type SendResult } from "./codes";

export { addressTag } from "../rules/network-key";

/**
 * A sign-in code for a member's `phone` (E.164); for anyone else nothing is sent. The answer comes
 * before any of that: a provider that fails later has the claim given back (the member may ask again).
 */
export async function sendSignInCode(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  input: { phone: string; network: NetworkKey; lang: "en" | "ar" },
  now = Date.now(),
): Promise<SendResult> {
  const sms = smsProvider(env);
  if (!sms) return { ok: false, problem: "unavailable" };
  const send = await claim(env, "console", input.phone, input.network, now);
  if (!send.ok) return { ok: false, problem: "rate_limited", retryAfter: send.retryAfter };
  ctx.waitUntil(
    (async () => {
      if (await isMemberPhone(env.DB, input.phone)) await deliverConsoleCode(env, sms, send.handle, { ...input, purpose: "sign-in" }, now);
    })().catch((error: unknown) => console.error(`sign-in code: ${String(error)}`)),
  );
  return { ok: true, demo: sms.demo };
}

/** The person a right sign-in code for `phone` names (used once), or null. */
export async function personOfCode(env: Env, phone: string, code: string): Promise<number | null> {
  if (!(await verifyConsoleCode(env.DB, phone, "sign-in", code))) return null;
  return (await personByPhone(env.DB, phone))?.id ?? null;
}

/** A new session for the person: its id (the cookie's value). */
export const startConsoleSession = (env: Env, personId: number) => startSession(env.DB, personId);

/** The person's accepted memberships (where signing in lands). */
export const membershipsFor = (env: Env, personId: number) => membershipsOf(env.DB, personId);
