// The SMS an invited member gets: the restaurant's name and the sign-in link (their phone filled in),
// through the same provider as sign-in codes (the demo outbox locally). Each invite's SMS is claimed
// under the console's limits, keyed apart from sign-in codes ("invite:" + the invitee's phone, and the
// restaurant instead of an address), so an invite never spends the invitee's own code budget.
import { claim, release } from "../limits/claim";
import { smsProvider } from "../providers/sms";
import { nameSlot } from "../providers/sms-text";
import type { NetworkKey } from "../rules/network-key";

/**
 * sent: by a real provider; demo: into the demo outbox; none: no provider; failed: the provider refused;
 * limited: too many invites to that phone or from the restaurant just now. Unsent, the owner passes the link on.
 */
export type InviteSms = "sent" | "demo" | "none" | "failed" | "limited";

const invitePhoneKey = (phone: string) => `invite:${phone}`;
// The restaurant stands in the network's slot: invites are counted per restaurant, not per address.
const restaurantKey = (restaurantId: number) => `invite:r${restaurantId}` as NetworkKey;

/** The sign-in page's address for `phone` (E.164) on this site. */
export const inviteLink = (origin: string, phone: string) => `${origin}/console/sign-in?phone=${encodeURIComponent(phone)}`;

/** The platform and the link first; the restaurant's name last, in the bounded, cleaned slot the diners' codes use. */
export function inviteMessage(restaurant: string, link: string, lang: "en" | "ar") {
  const name = nameSlot(restaurant);
  return lang === "ar"
    ? `منيو: سجّل الدخول برقمك هنا: ${link} — دعاك «${name}» إلى فريقه.`
    : `Menu: sign in with this phone at ${link} — "${name}" added you to its team.`;
}

/** Sends the invite to `phone` (E.164), each under a claim given back when nothing was sent. */
export async function sendInvite(env: Env, input: { restaurantId: number; phone: string; body: string }, now = Date.now()): Promise<InviteSms> {
  const sms = smsProvider(env);
  if (!sms) return "none";
  const claimed = await claim(env, "console", invitePhoneKey(input.phone), restaurantKey(input.restaurantId), now);
  if (!claimed.ok) return "limited";
  const sent = await sms
    .send({ e164: input.phone, body: input.body })
    .catch((error: unknown) => ({ ok: false, reason: "provider", code: null, detail: String(error) }) as const);
  if (sent.ok) return sms.demo ? "demo" : "sent";
  console.error(`invite: the SMS was not sent (${sent.reason}): ${sent.detail}`);
  await release(env, claimed.handle);
  return "failed";
}
