// A branch's payment mode (docs/CONTRACT.md: `otp`, `online` or `both`) decides which ways of ordering it
// takes. One rule for the embedded API, the cart's action and the cart's buttons.
export type PaymentMode = "otp" | "online" | "both";

/** Ordering confirmed by an SMS code, paid at the counter. */
export const acceptsOtp = (mode: string): boolean => mode === "otp" || mode === "both";
/** Ordering paid by card on the hosted payment page. */
export const acceptsOnline = (mode: string): boolean => mode === "online" || mode === "both";

/**
 * A branch as diners can really order from it here: where the restaurant cannot take cards on this
 * site (no provider, or no account to be paid into), "both" is "otp" and an "online"-only branch takes
 * no orders. The embedded catalogue serves this, so the cart never offers what would be refused.
 */
export function honouredMode<B extends { payment_mode: string; active_order: number }>(branch: B, cards: boolean): B {
  if (cards || !acceptsOnline(branch.payment_mode)) return branch;
  return branch.payment_mode === "both" ? { ...branch, payment_mode: "otp" } : { ...branch, active_order: 0 };
}
