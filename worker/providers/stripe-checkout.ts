// Stripe Checkout as the payment provider: a session on the restaurant's own connected account (the
// Stripe-Account header), its lines priced by the server in the restaurant's currency, the session id
// stored with the order. Nothing here marks an order paid: only a verified webhook does (./stripe-webhook.ts).
import * as v from "valibot";
import { PAYMENT_TTL_MS, SESSION_ID, type PaymentProvider, type PaymentStart } from "./payments";
import { stripeClient } from "./stripe";
import { refundOnStripe } from "./stripe-refund";
import { restaurantCall } from "../restaurant/stub";
import { CARDS_ONLY } from "../rules/card-methods";
import { chargeStep } from "../rules/money";

/** The parts of Stripe's answer that are used, checked: the id goes into SQL and URLs, the url to the browser. */
const CreatedSession = v.object({ id: v.pipe(v.string(), v.regex(SESSION_ID)), url: v.pipe(v.string(), v.url()) });

/** Stripe's minimum session life is 30 minutes; a minute more so the request's own time never undercuts it. */
const SESSION_LIFE_MS = PAYMENT_TTL_MS + 60_000;

const lineName = (line: PaymentStart["lines"][number], lang: PaymentStart["lang"]) => {
  const name = lang === "ar" ? line.name_ar : line.name_en;
  const options = line.options.map((o) => (lang === "ar" ? o.sub_name_ar : o.sub_name_en)).join(lang === "ar" ? "، " : ", ");
  return (options ? `${name} (${options})` : name).slice(0, 250);
};

/** The service charge and the tip, when there are any, as lines of their own. */
const extraLines = (money: PaymentStart["money"], lang: PaymentStart["lang"]): [string, number][] =>
  (
    [
      [lang === "ar" ? "رسوم الخدمة" : "Service charge", money.service],
      [lang === "ar" ? "إكرامية" : "Tip", money.tip],
    ] as [string, number][]
  ).filter(([, amount]) => amount > 0);

export function stripeCheckout(env: Env): PaymentProvider {
  return {
    name: "stripe",
    // Stripe takes a three-decimal currency's amounts only with a last digit 0 (docs/decisions/0060).
    step: chargeStep,
    methods: () => CARDS_ONLY,
    refund: (restaurant, refund, intents) => refundOnStripe(env, restaurant, refund, intents),
    async start({ order, restaurant, lines, money, lang, successUrl, cancelUrl }) {
      const now = Date.now();
      // A retry of the same order (same idempotency key, so the same order) goes back to its open page.
      const { url: open, tries } = await restaurantCall(env, restaurant, "stripeSessionTries", order.id, now + 5 * 60_000);
      if (open) return open;
      const currency = restaurant.currency.toLowerCase();
      const { stripe } = await stripeClient(env);
      const created = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          // Every amount is the order's own, in minor units: the page's total is the order's to the unit.
          line_items: [
            ...lines.map((line) => ({
              quantity: line.amount,
              price_data: { currency, unit_amount: line.unit, product_data: { name: lineName(line, lang) } },
            })),
            ...extraLines(money, lang).map(([name, amount]) => ({ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name } } })),
          ],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: String(order.id),
          metadata: { order_id: String(order.id), num_order: String(order.num_order), restaurant: restaurant.domain },
          expires_at: Math.floor((now + SESSION_LIFE_MS) / 1000),
        },
        {
          stripeAccount: restaurant.stripe_account_id!,
          // One session per try of this order, even if the answer is lost and the diner taps again.
          idempotencyKey: `checkout-r${restaurant.id}-order-${order.id}-${tries}`,
        },
      );
      const session = v.parse(CreatedSession, created);
      await restaurantCall(env, restaurant, "addStripeSession", {
        id: session.id,
        orderId: order.id,
        successUrl,
        cancelUrl,
        now,
        expiresAt: now + SESSION_LIFE_MS,
        url: session.url,
      });
      return session.url;
    },
  };
}
