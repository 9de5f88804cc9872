// What a re-read Tap charge means for its session (docs/decisions/0076), the one rule the return and the
// notification share: only CAPTURED, for the order's amount and currency, marks it paid, through the same
// once-only settle as the demo and Stripe (../../restaurant/settle.ts); a final failure (FAILED,
// DECLINED, ABANDONED, CANCELLED…) closes the session unpaid; anything else (INITIATED, IN_PROGRESS)
// changes nothing yet. A charge that is not the session's, or whose money differs, changes nothing.
import type { OrderRestaurant } from "../../directory/order-restaurants";
import type { TapSessionRow } from "../../restaurant/tap-rows";
import { settle } from "../../restaurant/settle";
import { minorOfTap } from "../../rules/tap-amount";
import type { TapCharge } from "./api";

const FAILED = new Set(["FAILED", "DECLINED", "ABANDONED", "CANCELLED", "RESTRICTED", "VOID", "TIMEDOUT"]);

export type ChargeMeaning = "paid" | "failed" | "waiting" | "mismatch";

/**
 * What the charge says of the session, before anything changes. `expired`: its page's time is up, which is
 * the charge's own expiry too (./checkout.ts), so one still INITIATED can no longer be paid (./watch.ts).
 */
function meaningOf(session: TapSessionRow, charge: TapCharge, expired: boolean): ChargeMeaning {
  if (charge.id !== session.charge_id) return "mismatch";
  if (charge.status === "CAPTURED")
    return charge.currency === session.currency && minorOfTap(charge.amount, charge.currency) === session.total_minor ? "paid" : "mismatch";
  return FAILED.has(charge.status) || (expired && charge.status === "INITIATED") ? "failed" : "waiting";
}

/** Applies the re-read charge to its session: what it meant, and whether this call changed the order. */
export async function decideCharge(env: Env, restaurant: OrderRestaurant, session: TapSessionRow, charge: TapCharge, { expired = false } = {}) {
  const meaning = meaningOf(session, charge, expired);
  if (meaning === "mismatch")
    console.error(JSON.stringify({ event: "tap.charge_mismatch", restaurant: restaurant.id, session: session.id, status: charge.status }));
  if (meaning !== "paid" && meaning !== "failed") return { meaning, changed: false };
  const order = await settle(env, restaurant, session.id, meaning === "paid" ? "paid" : "cancelled");
  return { meaning, changed: order !== null };
}
