// Sign-ups are limited per person (their E.164 phone) and per client network (an IPv6 client's /64,
// worker/rules/network-key.ts), in the same per-phone and per-network objects as the send limits
// (worker/limits, kind "signup"): concurrent requests cannot all pass. A sign-up is never given back.
import type { NetworkKey } from "../rules/network-key";
import { claim, LIMITS } from "../limits/claim";

/** A person signs up a few restaurants an hour; one network a few more (a shared office, a café). */
export const SIGNUP_LIMITS = LIMITS.signup;

export type SignupClaim = { ok: true } | { ok: false; retryAfter: number };

/** Claims one sign-up for this person and network, or says how long until one is free. */
export async function claimSignup(env: Env, phone: string, network: NetworkKey, now = Date.now()): Promise<SignupClaim> {
  const claimed = await claim(env, "signup", phone, network, now);
  return claimed.ok ? { ok: true } : claimed;
}
