// Sending a sign-in code without telling who is a member: every phone's request is limited and answered
// at once, the same way, before anything else is looked up; only then, in the background, a member's
// code is stored and texted (a phone that belongs to no team gets nothing). The answer's bytes and
// timing cannot tell the two apart (docs/DESIGN.md "Security", docs/decisions/0036).
import type { NetworkKey } from "../edge/address";
import { claim } from "../limits/claim";
import { smsProvider } from "../providers/sms";
import { isMemberPhone } from "../directory/members";
import { deliverConsoleCode, type SendResult } from "./codes";

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
