// Sending a sign-in code without telling who is a member: a phone that belongs to no team gets no SMS,
// but its request is limited and answered exactly as a member's would be (DESIGN.md "Security").
import { claim } from "../ordering/limits";
import { smsProvider } from "../ordering/sms";
import { sendConsoleCode, type SendResult } from "./codes";

const isMember = async (db: D1Database, phone: string) =>
  (await db.prepare("SELECT 1 AS yes FROM people p JOIN members m ON m.person_id = p.id WHERE p.phone = ? LIMIT 1").bind(phone).first()) !== null;

/** A sign-in code for a member's `phone` (E.164); for anyone else nothing is sent, the answer is the same. */
export async function sendSignInCode(env: Env, input: { phone: string; ip: string; lang: "en" | "ar" }, now = Date.now()): Promise<SendResult> {
  if (await isMember(env.DB, input.phone)) return sendConsoleCode(env, { ...input, purpose: "sign-in" }, now);
  const sms = smsProvider(env);
  if (!sms) return { ok: false, problem: "unavailable" };
  // The same claim a member's send makes, so the limits (and their waits) read the same.
  const send = await claim(env.DB, "console", input.phone, input.ip, now);
  if (!send.ok) return { ok: false, problem: "rate_limited", retryAfter: send.retryAfter };
  return { ok: true, demo: sms.demo };
}
