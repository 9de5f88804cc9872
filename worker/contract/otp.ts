// sendOtp / verifyOtp: a 6-digit code by SMS, then an order token for that phone and restaurant.
// Every limit is claimed by a conditional write (worker/limits); the codes and tokens live in the
// restaurant's object (worker/restaurant/codes.ts), which claims each try by a conditional write.
import type { Context } from "hono";
import { activeRestaurant, branchOf } from "./queries";
import { branchNotFound, conflict, inactive, invalid, ok, rateLimited, smsBudgetSpent, unavailable } from "./respond";
import { addressTag } from "../rules/network-key";
import { restaurantCall, restaurantObject } from "../restaurant/stub";
import { claim, release, settle } from "../limits/claim";
import { acceptsOtp } from "../rules/modes";
import { dinerPhone, phoneRefused } from "./diner";
import type { DinerLanguage, Item } from "./fields";
import type * as v from "valibot";
import { cartCheck } from "./order-gate";
import { codeHash, sha256, sixDigitCode } from "../rules/secrets";
import { smsProvider } from "../providers/sms";
import { dinerCodeText } from "../providers/sms-text";
import { scopedId, scopedRestaurant } from "../restaurant/scoped-id";

export const OTP_TTL_S = 600;
const RESEND_S = 60;
export const TOKEN_TTL_S = 30 * 86_400;

type Ctx = Context<{ Bindings: Env }>;
const now = () => Date.now();
/** The client's network, as every limit keys it (an IPv6 client by its /64). */
export const clientNetwork = (c: Ctx) => addressTag(c.req.raw);

type CodeCall = { domain: string; branch_id: number; name: string; phone: string; items?: v.InferOutput<typeof Item>[] };

export async function sendOtp(c: Ctx, input: CodeCall & { lang?: DinerLanguage }) {
  const restaurant = await activeRestaurant(c.env, input.domain);
  if (!restaurant) return inactive(c);
  const branch = await branchOf(c.env, restaurant, input.branch_id);
  if (!branch) return branchNotFound(c);
  // No code where it could not lead to an order; with the cart, none for this cart now.
  if (!branch.active_order) return conflict(c, "ordering_off");
  const refused = input.items ? await cartCheck(c, restaurant, branch, input.items) : null;
  if (refused) return refused;
  if (!acceptsOtp(branch.payment_mode)) return conflict(c, "payment_mode");
  // The number the text goes to, read against the restaurant's country. Codes and limits are kept
  // under it, so "0501234567" and "+971 50 123 4567" are one phone, not two allowances.
  const e164 = dinerPhone(input.phone, restaurant);
  if (!e164) return phoneRefused(c);
  const sms = smsProvider(c.env);
  if (!sms) return unavailable(c, "sms_unavailable", "Codes by SMS are not set up on this site.");

  const t = now();
  const send = await claim(c.env, "otp", e164, clientNetwork(c), t, restaurant.id);
  if (!send.ok) return rateLimited(c, send.retryAfter);
  // The restaurant's texts for today: spent, the send is not the diner's fault and costs them no try.
  const budget = await restaurantCall(c.env, restaurant, "claimSmsBudget", restaurant.sms_daily_budget, t);
  if (!budget.ok) {
    await release(c.env, send.handle);
    return smsBudgetSpent(c, budget.retryAfter);
  }
  const code = sixDigitCode();
  // A new code replaces the previous ones for this phone (the restaurant's object keeps them).
  const codes = restaurantObject(c.env, restaurant);
  const stored = await codes.issueCode({ phone: e164, codeHash: await codeHash(restaurant.id, e164, code), expiresAt: t + OTP_TTL_S * 1000, now: t });
  const sent = await sms
    .send({ e164, body: dinerCodeText(c.env.APP_NAME, restaurant, code, OTP_TTL_S / 60, input.lang ?? "en") })
    .catch((error: unknown) => ({ ok: false, reason: "provider", code: null, detail: String(error) }) as const);
  if (!sent.ok) {
    // The diner got nothing: the send does not count against them, and the code is never usable.
    console.error(`sendOtp: the SMS was not sent (${sent.reason}): ${sent.detail}`);
    await codes.voidCode(stored);
    await release(c.env, send.handle);
    await restaurantCall(c.env, restaurant, "releaseSmsBudget", budget.day);
    // The provider refused the number itself: the diner can fix that, so it is the phone field's error.
    if (sent.reason === "recipient") return phoneRefused(c);
    return unavailable(c, "sms_unavailable", "The code could not be sent. Please try again.");
  }
  // Additions beside the contract: `phone`, the number the code went to in E.164 (the sheet shows it
  // for people); `demo`, the code went to the demo outbox, not to a phone (the site says so).
  return ok(c, { expires_in: OTP_TTL_S, resend_in: RESEND_S, phone: e164, ...(sms.demo ? { demo: true } : {}) });
}

export async function verifyOtp(c: Ctx, input: CodeCall & { otp_code: string }) {
  const restaurant = await activeRestaurant(c.env, input.domain);
  if (!restaurant) return inactive(c);
  const phone = dinerPhone(input.phone, restaurant);
  if (!phone) return phoneRefused(c);
  // With the cart (the embedded API's addition): no code is spent on an order that could not be taken now.
  if (input.items) {
    const branch = await branchOf(c.env, restaurant, input.branch_id);
    if (!branch) return branchNotFound(c);
    const refused = await cartCheck(c, restaurant, branch, input.items);
    if (refused) return refused;
  }
  // The object claims a try before it compares (only MAX_ATTEMPTS per code are ever compared; the
  // fifth, right or wrong, is the last) and spends a right code once, storing the token with it.
  const token = scopedId(restaurant.id);
  const right = await restaurantObject(c.env, restaurant).tryCode({
    phone,
    candidateHash: await codeHash(restaurant.id, phone, input.otp_code),
    now: now(),
    token: { tokenHash: await sha256(token), phone, name: input.name, expiresAt: now() + TOKEN_TTL_S * 1000, orderId: null },
  });
  if (!right) return invalid(c, { otp_code: ["invalid_or_expired"] });
  // A diner, not a pump: the code no longer counts in this network's unverified ones (from another
  // network, e.g. Wi-Fi to mobile data, it stays counted where it was sent: the safe side).
  await settle(c.env, "otp", phone, clientNetwork(c), restaurant.id);
  return ok(c, { token });
}

/**
 * The phone and restaurant a bearer token stands for, or null. `order_id` is null for a phone token
 * (earned with an SMS code); set, the token was exchanged for a paid hosted payment and reads that
 * order only (migrations/0007). A token names its restaurant (`r{id}-…`: worker/restaurant/scoped-id.ts), whose object
 * holds it; one that names none, or a restaurant with no such token, stands for nobody.
 */
export async function tokenOwner(c: Ctx): Promise<{ restaurant_id: number; phone: string; name: string; order_id: number | null } | null> {
  const header = c.req.header("authorization") ?? "";
  const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header)?.[1];
  const restaurantId = token ? scopedRestaurant(token) : null;
  if (!token || restaurantId === null) return null;
  const owner = await restaurantObject(c.env, { id: restaurantId }).tokenOwner(await sha256(token), now());
  return owner ? { restaurant_id: restaurantId, ...owner } : null;
}
