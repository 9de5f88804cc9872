// A branch's payment mode (CONTRACT.md: `otp`, `online` or `both`) decides which ways of ordering it
// takes. One rule for the embedded API, the cart's action and the cart's buttons.
export type PaymentMode = "otp" | "online" | "both";

/** Ordering confirmed by an SMS code, paid at the counter. */
export const acceptsOtp = (mode: string): boolean => mode === "otp" || mode === "both";
/** Ordering paid by card on the hosted payment page. */
export const acceptsOnline = (mode: string): boolean => mode === "online" || mode === "both";
