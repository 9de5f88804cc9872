// The door of the console's payment settings (owners only: the route asks requireMember(…, "billing"),
// so staff get 403): the restaurant's Tap state, connecting its own Tap secret key, forgetting it
// (worker/providers/tap/connect.ts; docs/decisions/0076). The form is parsed here; a key is never
// echoed back, in an answer or an error.
import * as v from "valibot";
import { TAP_SECRET_KEY } from "../providers/tap/connect";

export { connectTap, forgetTap, tapPayments } from "../providers/tap/connect";

/** The form: connect with a key, or forget the stored one. A malformed key is "secret_key" (422), anything else "intent" (400). */
export const TapForm = v.variant("intent", [
  v.object({ intent: v.literal("connect"), secret_key: v.pipe(v.string("secret_key"), v.trim(), v.regex(TAP_SECRET_KEY, "secret_key")) }),
  v.object({ intent: v.literal("forget") }),
]);
