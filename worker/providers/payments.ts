// Hosted payment: what every provider shares, and the demo provider (./card-payments.ts picks one).
// The demo page (/api/pay/{session}, in the diner's language: ./demo-page.ts) with Pay and Cancel marks
// the order paid (or cancels it) and returns to success_url or cancel_url — only ever on the origin the
// page itself is served from, so it cannot be used as an open redirect. A demo session lasts
// PAYMENT_TTL_MS and is decided once; its page asked again once decided or ended (the browser's back
// after paying, a second tap) goes where the decision went: the order, or the cart. A session is
// exchanged once for a token that reads that order only (../contract/payment-token.ts).
import type { DemoSessionRow } from "../restaurant/payment-session-rows";
import type { Context } from "hono";
import { demoProviders } from "./demo";
import type { OrderRestaurant } from "../directory/order-restaurants";
import type { PaymentIntents } from "../restaurant/refund";
import type { ClaimedRefund, RefundAnswer } from "../restaurant/refund-rows";
import { CARDS_ONLY, type CardMethod } from "../rules/card-methods";
import { chargeStep } from "../rules/money";
import { randomId } from "../rules/secrets";
import type { Language as DinerLanguage } from "../rules/languages";
import type { PricedLine, PricedTotals } from "../restaurant/pricing";
import { restaurantCall } from "../restaurant/stub";
import { restaurantNames } from "../directory/order-restaurants";
import { scopedId, scopedRestaurant } from "../restaurant/scoped-id";
import { settle } from "../restaurant/settle";
import { demoGoneHtml, demoPageLanguage, demoPayHtml } from "./demo-page";

export const PAYMENT_TTL_MS = 30 * 60_000;
/** A session may still be exchanged this long after it ends (paid at its last second, returned later). */
export const EXCHANGE_GRACE_MS = 10 * 60_000;
/**
 * Written into success_url by the site and replaced by the provider with the session's id, as Stripe
 * does with this very placeholder, so the success return names the session to exchange.
 */
export const SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
/** The demo's ids and Stripe's (cs_live_…, about 66 characters). */
export const SESSION_ID = /^[A-Za-z0-9_-]{10,200}$/;

/** What a provider needs to open a payment page for a stored, priced order. */
export interface PaymentStart {
  order: { id: number; num_order: number };
  restaurant: OrderRestaurant;
  lines: PricedLine[];
  /** The order's service charge and tip (lines of their own on Stripe's page), its total and currency (Tap's one amount); minor units. */
  money: Pick<PricedTotals, "service" | "tip" | "total" | "currency">;
  /** Who pays (a provider that asks for its customer: Tap). */
  customer?: { name: string; phone: string };
  lang: DinerLanguage;
  successUrl: string;
  cancelUrl: string;
}

/** The providers a session can be paid through (payment_sessions.provider). */
export type ProviderName = "demo" | "stripe" | "tap";

/** What every card provider does: start a payment on its hosted page, and refund a paid session. */
export interface PaymentProvider {
  name: ProviderName;
  /** Starts (or, for a retry of the same order, finds) the payment of an order and returns where the browser goes. */
  start(payment: PaymentStart): Promise<string>;
  /** Refunds a claimed refund of one of its paid sessions (worker/restaurant/refund.ts claims and records it). */
  refund(restaurant: OrderRestaurant, refund: ClaimedRefund, intents: PaymentIntents): Promise<RefundAnswer>;
  /** The step, in minor units, every amount it charges in `currency` is a multiple of (docs/decisions/0060, 0079). */
  step(currency: string): number;
  /** What its page offers a diner of a restaurant in `country`, in the order the checkout names them. */
  methods(country: string): readonly CardMethod[];
}

export function demoPaymentProvider(env: Env, now = Date.now()): PaymentProvider {
  return {
    name: "demo",
    // It stands in for Stripe Checkout: Stripe's step and its cards.
    step: chargeStep,
    methods: () => CARDS_ONLY,
    refund: async (_restaurant, refund) => ({ status: "succeeded", provider_id: `demo_re_${randomId(14)}`, amount: refund.amount }),
    async start({ order, restaurant, successUrl, cancelUrl, lang }) {
      // The session names its restaurant: the pay page finds the order in that restaurant's object.
      const id = scopedId(restaurant.id, 18);
      // The placeholder may arrive percent-encoded (a URL parser encodes braces in some places).
      const success = successUrl.replace(/\{CHECKOUT_SESSION_ID\}|%7BCHECKOUT_SESSION_ID%7D/gi, id);
      await restaurantCall(env, restaurant, "addDemoSession", { id, orderId: order.id, successUrl: success, cancelUrl, now, expiresAt: now + PAYMENT_TTL_MS });
      // Relative to the site that asked: the pay page lives beside the API, on the site's own origin, and
      // speaks the diner's language.
      return `${new URL(successUrl).origin}/api/pay/${id}?lang=${lang}`;
    },
  };
}

type Ctx = Context<{ Bindings: Env }>;
const PRIVATE = { "Cache-Control": "private, no-store" };
const gone = (c: Ctx) => c.html(demoGoneHtml(demoPageLanguage(c.req.raw), "gone"), 404, PRIVATE);

interface Session extends DemoSessionRow {
  restaurant: { id: number; domain: string; name_en: string; name_ar: string };
}

/** A demo session of this page, whatever its state, or null (unknown, or no demo page here). */
async function findSession(c: Ctx): Promise<Session | null> {
  const id = c.req.param("session") ?? "";
  const restaurantId = scopedRestaurant(id);
  if (!demoProviders(c.env) || !SESSION_ID.test(id) || restaurantId === null) return null;
  const restaurant = await restaurantNames(c.env.DB, restaurantId);
  if (!restaurant) return null;
  const session = await restaurantCall(c.env, restaurant, "demoSession", id);
  return session && { ...session, restaurant };
}

const isOpen = (s: Session) => s.status === "open" && s.expires_at > Date.now();

/** Redirect targets must be on the origin this page was served from. */
const sameOrigin = (target: string, requestUrl: string) => {
  try {
    return new URL(target).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
};

const otherSite = (c: Ctx) => c.html(demoGoneHtml(demoPageLanguage(c.req.raw), "otherSite"), 400, PRIVATE);

/** To the diner's order once paid, else back to the cart (cancelled, or ended unpaid): never a dead page. */
function leave(c: Ctx, s: Session, paid: boolean) {
  const target = paid ? s.success_url : s.cancel_url;
  return sameOrigin(target, c.req.url) ? c.redirect(target, 303) : otherSite(c);
}

export async function payPage(c: Ctx) {
  const s = await findSession(c);
  if (!s) return gone(c);
  c.header("Cache-Control", "private, no-store");
  if (!isOpen(s)) return leave(c, s, s.status === "paid");
  return c.html(demoPayHtml(demoPageLanguage(c.req.raw), s));
}

export async function payDecision(c: Ctx) {
  const s = await findSession(c);
  if (!s) return gone(c);
  c.header("Cache-Control", "private, no-store");
  if (!isOpen(s)) return leave(c, s, s.status === "paid");
  const form = await c.req.formData().catch(() => null);
  const pay = form?.get("decision") === "pay";
  if (!sameOrigin(pay ? s.success_url : s.cancel_url, c.req.url)) return otherSite(c);
  // Decided once: only the request that closes the open, unexpired session changes the order; one that
  // lost the race goes where the winner decided.
  if (!(await settle(c.env, s.restaurant, s.id, pay ? "paid" : "cancelled", { openUntil: Date.now() }))) {
    const now = await findSession(c);
    return now ? leave(c, now, now.status === "paid") : gone(c);
  }
  return leave(c, s, pay);
}
