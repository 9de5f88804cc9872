// Tap Payments as a restaurant's payment provider (docs/decisions/0076): a charge on the restaurant's
// own Tap account (its own secret key), for the order's total in Tap's decimals, on Tap's hosted page
// (`src_all`: every method the merchant has, KNET, mada, Benefit, Apple Pay and cards, chosen by the
// diner there), back to our return route, notified to our route that names the restaurant. The session
// is stored before the charge, and its id is the charge's idempotency key. Nothing here marks an order
// paid: only the return or the notification, after re-reading the charge (./decide.ts).
import { PAYMENT_TTL_MS, type PaymentProvider } from "../payments";
import { restaurantTap } from "./connection";
import { gulfMethods } from "../../rules/card-methods";
import { tapAmount, tapChargeable } from "../../rules/tap-amount";
import { restaurantCall } from "../../restaurant/stub";
import { scopedId } from "../../restaurant/scoped-id";
import { refundOnTap } from "./refund";
import { watchTapSession } from "./watch";

/** The dialling codes of Tap's countries here, for the charge's customer phone. */
const DIAL: Record<string, string> = { KW: "965", SA: "966", BH: "973", QA: "974", OM: "968", AE: "971" };

const customerOf = (customer: { name: string; phone: string } | undefined, country: string) => {
  const code = DIAL[country.toUpperCase()];
  const number = customer && code && customer.phone.startsWith(`+${code}`) ? customer.phone.slice(code.length + 1) : null;
  return { first_name: (customer?.name.trim() || "Guest").slice(0, 50), ...(number ? { phone: { country_code: code!, number } } : {}) };
};

export function tapCheckout(env: Env): PaymentProvider {
  return {
    name: "tap",
    // Tap takes every fils of KWD, BHD and OMR (docs/decisions/0079); its page offers the country's network.
    step: () => 1,
    methods: gulfMethods,
    async start({ order, restaurant, money, lang, successUrl, cancelUrl, customer }) {
      const tap = await restaurantTap(env, restaurant);
      if (!tap) throw new Error("Tap is not connected for this restaurant.");
      if (!tapChargeable(money.total, money.currency)) throw new Error("The order is below Tap's minimum charge.");
      const now = Date.now();
      // A retry of the same order goes back to its open page.
      const open = await restaurantCall(env, restaurant, "openTapPage", order.id, now + 5 * 60_000);
      if (open) return open;
      const id = scopedId(restaurant.id, 18);
      const success = successUrl.replace(/\{CHECKOUT_SESSION_ID\}|%7BCHECKOUT_SESSION_ID%7D/gi, id);
      await restaurantCall(env, restaurant, "addTapSession", { id, orderId: order.id, successUrl: success, cancelUrl, now, expiresAt: now + PAYMENT_TTL_MS });
      const origin = new URL(successUrl).origin;
      const created = await tap.api.createCharge({
        amount: tapAmount(money.total, money.currency),
        currency: money.currency,
        description: `${restaurant.name_en} #${order.num_order}`.slice(0, 100),
        customer: customerOf(customer, restaurant.country),
        source: { id: "src_all" },
        reference: { transaction: id, order: String(order.id), idempotent: id },
        metadata: { restaurant_id: String(restaurant.id), order_id: String(order.id), lang, country: restaurant.country },
        redirect: { url: `${origin}/api/tap/return/${id}` },
        post: { url: `${origin}/webhooks/tap/${restaurant.id}` },
        transaction: { expiry: { period: PAYMENT_TTL_MS / 60_000, type: "MINUTE" } },
      });
      if (!created.ok) throw new Error(`Tap refused the charge (${created.status}): ${created.message}`);
      const url = created.value.transaction.url;
      if (created.value.status !== "INITIATED" || !url) throw new Error(`Tap's charge is ${created.value.status}, with no page to pay on.`);
      await restaurantCall(env, restaurant, "setTapCharge", id, created.value.id, url);
      // Looked at again once its page's time is up, whatever the diner does (./watch.ts).
      await watchTapSession(env, restaurant.id, id);
      return url;
    },
    refund: (restaurant, refund) => refundOnTap(env, restaurant, refund),
  };
}
