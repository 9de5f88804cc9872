// sendOtp / verifyOtp: a 6-digit code by SMS, then an order token for that phone and restaurant.
import type { Context } from "hono";
import { activeRestaurant, branchOf } from "../queries";
import { branchNotFound, inactive, invalid, ok } from "../respond";
import { codeHash, randomId, sha256, sixDigitCode } from "./secrets";
import { smsProvider } from "./sms";

export const OTP_TTL_S = 600;
export const RESEND_S = 60;
export const MAX_ATTEMPTS = 5;
export const PHONE_SENDS_PER_HOUR = 5;
export const IP_SENDS_PER_HOUR = 20;
const TOKEN_TTL_S = 30 * 86_400;

type Ctx = Context<{ Bindings: Env }>;
const now = () => Date.now();
const clientIp = (c: Ctx) => c.req.header("cf-connecting-ip") ?? "unknown";
const rateLimited = (c: Ctx, retryAfter: number) =>
  c.json({ errors: [], errorCode: "rate_limited", data: { retry_after: Math.max(1, Math.ceil(retryAfter)) } }, 429, { "Retry-After": String(Math.max(1, Math.ceil(retryAfter))) });

export async function sendOtp(c: Ctx, input: { domain: string; branch_id: number; name: string; phone: string }) {
  const db = c.env.DB;
  const restaurant = await activeRestaurant(db, input.domain);
  if (!restaurant) return inactive(c);
  const branch = await branchOf(db, restaurant.id, input.branch_id);
  if (!branch) return branchNotFound(c);
  const t = now();
  const hourAgo = t - 3_600_000;
  const ip = clientIp(c);
  const [byPhone, byIp] = await db.batch<{ n: number; last: number | null; first: number | null }>([
    db.prepare("SELECT count(*) AS n, max(sent_at) AS last, min(sent_at) AS first FROM otp_sends WHERE phone = ? AND sent_at > ?").bind(input.phone, hourAgo),
    db.prepare("SELECT count(*) AS n, max(sent_at) AS last, min(sent_at) AS first FROM otp_sends WHERE ip = ? AND sent_at > ?").bind(ip, hourAgo),
  ]);
  const phone = byPhone!.results[0]!;
  const fromIp = byIp!.results[0]!;
  if (phone.last !== null && t - phone.last < RESEND_S * 1000) return rateLimited(c, RESEND_S - (t - phone.last) / 1000);
  if (phone.n >= PHONE_SENDS_PER_HOUR) return rateLimited(c, (phone.first! + 3_600_000 - t) / 1000);
  if (fromIp.n >= IP_SENDS_PER_HOUR) return rateLimited(c, (fromIp.first! + 3_600_000 - t) / 1000);

  const code = sixDigitCode();
  await db.batch([
    // A new code replaces the previous ones for this phone.
    db.prepare("UPDATE otp_codes SET used = 1 WHERE restaurant_id = ? AND phone = ? AND used = 0").bind(restaurant.id, input.phone),
    db.prepare("INSERT INTO otp_codes (restaurant_id, phone, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(restaurant.id, input.phone, await codeHash(restaurant.id, input.phone, code), t + OTP_TTL_S * 1000, t),
    db.prepare("INSERT INTO otp_sends (phone, ip, sent_at) VALUES (?, ?, ?)").bind(input.phone, ip, t),
  ]);
  await smsProvider(c.env).send(input.phone, `${restaurant.name_en}: your code is ${code}. It expires in 10 minutes.`);
  return ok(c, { expires_in: OTP_TTL_S, resend_in: RESEND_S });
}

export async function verifyOtp(c: Ctx, input: { domain: string; branch_id: number; name: string; phone: string; otp_code: string }) {
  const db = c.env.DB;
  const restaurant = await activeRestaurant(db, input.domain);
  if (!restaurant) return inactive(c);
  const wrong = () => invalid(c, { otp_code: ["invalid_or_expired"] });
  const current = await db
    .prepare("SELECT id, code_hash, expires_at, attempts FROM otp_codes WHERE restaurant_id = ? AND phone = ? AND used = 0 ORDER BY id DESC LIMIT 1")
    .bind(restaurant.id, input.phone)
    .first<{ id: number; code_hash: string; expires_at: number; attempts: number }>();
  if (!current || current.expires_at < now() || current.attempts >= MAX_ATTEMPTS) return wrong();
  if (current.code_hash !== (await codeHash(restaurant.id, input.phone, input.otp_code))) {
    // The fifth wrong try locks the code: a new one must be sent.
    await db.prepare("UPDATE otp_codes SET attempts = attempts + 1 WHERE id = ?").bind(current.id).run();
    return wrong();
  }
  // Single use: only the request that flips `used` gets a token.
  const claimed = await db.prepare("UPDATE otp_codes SET used = 1 WHERE id = ? AND used = 0").bind(current.id).run();
  if (claimed.meta.changes !== 1) return wrong();
  const token = randomId(32);
  await db.prepare("INSERT INTO order_tokens (token_hash, restaurant_id, phone, name, expires_at) VALUES (?, ?, ?, ?, ?)")
    .bind(await sha256(token), restaurant.id, input.phone, input.name, now() + TOKEN_TTL_S * 1000).run();
  return ok(c, { token });
}

/** The phone and restaurant a bearer token stands for, or null. */
export async function tokenOwner(c: Ctx): Promise<{ restaurant_id: number; phone: string; name: string } | null> {
  const header = c.req.header("authorization") ?? "";
  const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header)?.[1];
  if (!token) return null;
  return c.env.DB.prepare("SELECT restaurant_id, phone, name FROM order_tokens WHERE token_hash = ? AND expires_at > ?")
    .bind(await sha256(token), now())
    .first<{ restaurant_id: number; phone: string; name: string }>();
}
