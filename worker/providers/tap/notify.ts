// POST /webhooks/tap/{restaurant}: Tap's notification of a final charge (or a refund), posted to the URL
// the charge named (docs/decisions/0076). The path names the restaurant, whose own key checks the
// `hashstring` (HMAC-SHA256 of the canonical string: ../../rules/tap-hash.ts); then the charge is re-read
// from Tap with that key, and only the re-read decides (./decide.ts). Refused without a 500: a bad body
// 400, a wrong signature 401, a charge no session of this restaurant has (another restaurant's) 404, a
// notification that disagrees with the re-read charge (stale, out of order) or for a session already
// decided (a replay) 409. A refund's notification is acted on only after re-reading the refund.
import * as v from "valibot";
import { orderRestaurant } from "../../directory/order-restaurants";
import { restaurantCall } from "../../restaurant/stub";
import { minorOfTap } from "../../rules/tap-amount";
import { tapHashMatches } from "../../rules/tap-hash";
import { Charge, REFUND_ID } from "./api";
import { restaurantTap } from "./connection";
import { decideCharge } from "./decide";
import { REFUND_REFUSED } from "./refund";

const MAX_BODY = 64 * 1024;
const answer = (status: number, body: object) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const RefundNote = v.object({ object: v.literal("refund"), id: v.pipe(v.string(), v.regex(REFUND_ID)) });

export async function tapNotification(request: Request, env: Env, restaurantParam: string): Promise<Response> {
  const restaurantId = /^[1-9]\d{0,14}$/.test(restaurantParam) ? Number(restaurantParam) : null;
  const text = await request.text().catch(() => "");
  if (text.length > MAX_BODY) return answer(413, { error: "Too large." });
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400, { error: "The body is not JSON." });
  }
  const restaurant = restaurantId === null ? null : await orderRestaurant(env.DB, restaurantId);
  const tap = restaurant && (await restaurantTap(env, restaurant));
  if (!restaurant || !tap) return answer(404, { error: "No restaurant takes Tap payments here at this address." });

  const refund = v.safeParse(RefundNote, body);
  if (refund.success) {
    // Nothing in a refund's body is trusted: Tap's own answer decides.
    const read = await tap.api.retrieveRefund(refund.output.id);
    if (!read.ok) return answer(read.status === 404 ? 404 : 503, { error: "The refund could not be read from Tap." });
    const final = read.value.status === "REFUNDED" ? "succeeded" : REFUND_REFUSED.has(read.value.status) ? "failed" : null;
    if (!final) return answer(200, { received: true, note: "refund pending" });
    const order = await restaurantCall(
      env,
      restaurant,
      "tapRefundDecided",
      read.value.id,
      final,
      `Tap refund ${read.value.id} ${read.value.status}`,
      Date.now(),
    );
    return answer(order ? 200 : 409, { received: true, note: order ? `refund ${final}` : "unchanged" });
  }

  const parsed = v.safeParse(Charge, body);
  if (!parsed.success) return answer(400, { error: "Unexpected notification shape." });
  const claimed = parsed.output;
  const amount = minorOfTap(claimed.amount, claimed.currency);
  if (amount === null) return answer(400, { error: "Not an amount of that currency." });
  const hashed = { ...claimed.reference, id: claimed.id, amount, currency: claimed.currency, status: claimed.status, created: claimed.transaction.created };
  if (!(await tapHashMatches(tap.key, hashed, request.headers.get("hashstring")))) return answer(401, { error: "Invalid hashstring." });

  const session = await restaurantCall(env, restaurant, "tapSessionOfCharge", claimed.id);
  if (!session) return answer(404, { error: "No payment of this restaurant has that charge." });
  if (session.status !== "open") return answer(409, { error: "This payment was decided already." });
  const read = await tap.api.retrieveCharge(claimed.id);
  if (!read.ok) return answer(503, { error: "The charge could not be read from Tap; try again." });
  if (read.value.status !== claimed.status) return answer(409, { error: "The notification is not the charge's current state." });
  const { meaning, changed } = await decideCharge(env, restaurant, session, read.value);
  if (meaning === "mismatch") return answer(409, { error: "The charge does not match the order." });
  return answer(changed || meaning === "waiting" ? 200 : 409, { received: true, note: changed ? meaning : meaning === "waiting" ? "waiting" : "unchanged" });
}
