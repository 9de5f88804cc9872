// Hosted payment: what every provider shares, and the demo provider (./card-payments.ts picks one).
// The demo page (/api/pay/{session}) with Pay and Cancel marks the order paid (or cancels it) and
// returns to success_url or cancel_url — only ever on the origin the page itself is served from, so it
// cannot be used as an open redirect. A demo session lasts PAYMENT_TTL_MS and is decided once. A session is exchanged once for a token that reads that order
// only (../contract/payment-token.ts).
import type { Context } from "hono";
import { demoProviders } from "./demo";
import type { RestaurantRow } from "../contract/rows";
import type { DinerLanguage } from "../contract/fields";
import type { PricedLine, PricedTotals } from "../restaurant/pricing";
import { restaurantOrders } from "../restaurant/stub";
import { scopedId, scopedRestaurant } from "../restaurant/scoped-id";
import { settle } from "../restaurant/settle";
import { currencyDigits, majorUnits } from "../rules/money";

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
  restaurant: Pick<RestaurantRow, "id" | "country" | "domain" | "currency" | "name_en" | "name_ar" | "stripe_account_id">;
  lines: PricedLine[];
  /** The order's service charge and tip (minor units): lines of their own on the payment page. */
  money: Pick<PricedTotals, "service" | "tip">;
  lang: DinerLanguage;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  /** Starts (or, for a retry of the same order, finds) the payment of an order and returns where the browser goes. */
  start(payment: PaymentStart): Promise<string>;
}

export function demoPaymentProvider(env: Env, now = Date.now()): PaymentProvider {
  return {
    async start({ order, restaurant, successUrl, cancelUrl }) {
      // The session names its restaurant: the pay page finds the order in that restaurant's object.
      const id = scopedId(restaurant.id, 18);
      // The placeholder may arrive percent-encoded (a URL parser encodes braces in some places).
      const success = successUrl.replace(/\{CHECKOUT_SESSION_ID\}|%7BCHECKOUT_SESSION_ID%7D/gi, id);
      await restaurantOrders(env, restaurant)
        .prepare("INSERT INTO payment_sessions (id, order_id, success_url, cancel_url, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(id, order.id, success, cancelUrl, now, now + PAYMENT_TTL_MS)
        .run();
      // Relative to the site that asked: the pay page lives beside the API, on the site's own origin.
      return `${new URL(successUrl).origin}/api/pay/${id}`;
    },
  };
}

type Ctx = Context<{ Bindings: Env }>;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const gone = (c: Ctx) => c.text("This payment link is no longer valid.", 404, { "Cache-Control": "private, no-store" });

interface Session {
  id: string;
  restaurant: { id: number; domain: string; currency: string };
  order_id: number;
  success_url: string;
  cancel_url: string;
  total_minor: number;
  currency: string;
  num_order: number;
}

/** An open, unexpired session of the demo page, or null (also when the demo page does not exist here). */
async function openSession(c: Ctx): Promise<Session | null> {
  const id = c.req.param("session") ?? "";
  const restaurantId = scopedRestaurant(id);
  if (!demoProviders(c.env) || !SESSION_ID.test(id) || restaurantId === null) return null;
  const restaurant = await c.env.DB.prepare("SELECT id, domain, currency FROM restaurants WHERE id = ?").bind(restaurantId).first<Session["restaurant"]>();
  if (!restaurant) return null;
  const session = await restaurantOrders(c.env, restaurant)
    .prepare(
      `SELECT s.id, s.order_id, s.success_url, s.cancel_url, o.total_minor, o.currency, o.num_order
     FROM payment_sessions s JOIN orders o ON o.id = s.order_id
     WHERE s.id = ? AND s.provider = 'demo' AND s.status = 'open' AND s.expires_at > ?`,
    )
    .bind(id, Date.now())
    .first<Omit<Session, "restaurant">>();
  return session && { ...session, restaurant };
}

/** Redirect targets must be on the origin this page was served from. */
const sameOrigin = (target: string, requestUrl: string) => {
  try {
    return new URL(target).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
};

export async function payPage(c: Ctx) {
  const s = await openSession(c);
  if (!s) return gone(c);
  c.header("Cache-Control", "private, no-store");
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>DEMO payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1c1917}button{font:inherit;font-weight:700;padding:.8rem 1.4rem;border-radius:999px;border:0;margin:.3rem}.pay{background:#047857;color:#fff}.cancel{background:#e7e5e4}.demo{display:inline-block;background:#b45309;color:#fff;font-weight:700;padding:.1rem .5rem;border-radius:.3rem}</style></head>
<body><p class="demo">DEMO</p><h1>Demo payment</h1><p>Order #${escapeHtml(String(s.num_order))}: <strong>${escapeHtml(majorUnits(s.total_minor, s.currency).toFixed(currencyDigits(s.currency)))} ${escapeHtml(s.currency)}</strong></p>
<p>This is the embedded demo payment page; no card is charged.</p>
<form method="post"><button class="pay" name="decision" value="pay">Pay</button><button class="cancel" name="decision" value="cancel">Cancel</button></form></body></html>`);
}

export async function payDecision(c: Ctx) {
  const s = await openSession(c);
  if (!s) return gone(c);
  const form = await c.req.formData().catch(() => null);
  const pay = form?.get("decision") === "pay";
  const target = pay ? s.success_url : s.cancel_url;
  if (!sameOrigin(target, c.req.url)) return c.text("Refusing to redirect to another site.", 400);
  // Decided once: only the request that closes the open, unexpired session changes the order.
  if (!(await settle(c.env, s.restaurant, s.id, pay ? "paid" : "cancelled", { openUntil: Date.now() }))) return gone(c);
  return c.redirect(target, 303);
}
