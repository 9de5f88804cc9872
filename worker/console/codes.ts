// Sign-in and sign-up codes for the console, by SMS through the same provider as diners' codes, with
// the same rules (6 digits from the CSPRNG, hashed, single use, 10 minutes, 5 tries) and their own
// limits, each claimed by one conditional write (worker/limits, kind "console"). The codes are the
// directory's rows (../directory/console-codes.ts).
import type { NetworkKey } from "../rules/network-key";
import { claim, release, type ClaimHandle } from "../limits/claim";
import { OTP_TTL_S } from "../contract/otp";
import { MAX_ATTEMPTS } from "../restaurant/codes";
import { consoleCodeHash, sixDigitCode } from "../rules/secrets";
import { smsProvider, type SmsProvider } from "../providers/sms";
import { timingSafeEqualHex } from "../rules/hmac";
import { spendConsoleCode, storeConsoleCode, tryConsoleCode, claimConsoleCode } from "../directory/console-codes";

export type CodePurpose = "sign-in" | "sign-up";
export type SendResult =
  { ok: true; demo: boolean } | { ok: false; problem: "rate_limited"; retryAfter: number } | { ok: false; problem: "unavailable" | "phone" };

function message(appName: string, code: string, lang: "en" | "ar") {
  const minutes = OTP_TTL_S / 60;
  return lang === "ar"
    ? `${appName}: رمز الدخول ${code}. صالح لمدة ${minutes} دقائق.`
    : `${appName}: your sign-in code is ${code}. It expires in ${minutes} minutes.`;
}

export interface CodeRequest {
  phone: string;
  purpose: CodePurpose;
  network: NetworkKey;
  lang: "en" | "ar";
}

/** Sends a code to `phone` (E.164): the claim is given back and the code spent if the provider fails. */
export async function sendConsoleCode(env: Env, input: CodeRequest, now = Date.now()): Promise<SendResult> {
  const sms = smsProvider(env);
  if (!sms) return { ok: false, problem: "unavailable" };
  const send = await claim(env, "console", input.phone, input.network, now);
  if (!send.ok) return { ok: false, problem: "rate_limited", retryAfter: send.retryAfter };
  return deliverConsoleCode(env, sms, send.handle, input, now);
}

/** Stores a new code and texts it, under a send already claimed (`claimed`); a failure gives the claim back. */
export async function deliverConsoleCode(env: Env, sms: SmsProvider, claimed: ClaimHandle, input: CodeRequest, now: number): Promise<SendResult> {
  const code = sixDigitCode();
  const hash = await consoleCodeHash(input.purpose, input.phone, code);
  const stored = await storeConsoleCode(env.DB, { phone: input.phone, purpose: input.purpose, hash, expiresAt: now + OTP_TTL_S * 1000 }, now);
  const sent = await sms
    .send({ e164: input.phone, body: message(env.APP_NAME || "Menu", code, input.lang) })
    .catch((error: unknown) => ({ ok: false, reason: "provider", code: null, detail: String(error) }) as const);
  if (!sent.ok) {
    console.error(`console code: the SMS was not sent (${sent.reason}): ${sent.detail}`);
    await spendConsoleCode(env.DB, stored);
    await release(env, claimed);
    return { ok: false, problem: sent.reason === "recipient" ? "phone" : "unavailable" };
  }
  return { ok: true, demo: sms.demo };
}

/**
 * True once for the right code: a try is claimed before the comparison (at most MAX_ATTEMPTS per code,
 * however many arrive at once), and only the request that flips `used` succeeds.
 */
export async function verifyConsoleCode(db: D1Database, phone: string, purpose: CodePurpose, code: string, now = Date.now()): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const current = await tryConsoleCode(db, phone, purpose, MAX_ATTEMPTS, now);
  if (!current || !timingSafeEqualHex(current.code_hash, await consoleCodeHash(purpose, phone, code))) return false;
  return claimConsoleCode(db, current.id);
}
