// Hosted payment. The default provider is a demo page (/api/pay/{session}) with Pay and Cancel
// that marks the order paid and returns to success_url or cancel_url — only ever on the origin the
// page itself is served from, so it cannot be used as an open redirect.
import type { Context } from "hono";
import { randomId } from "./secrets";

export interface PaymentProvider {
  /** Starts a payment for an order and returns where the browser goes. */
  start(orderId: number, successUrl: string, cancelUrl: string, requestUrl: string): Promise<string>;
}

export function demoPaymentProvider(db: D1Database): PaymentProvider {
  return {
    async start(orderId, successUrl, cancelUrl) {
      const id = randomId(18);
      await db.prepare("INSERT INTO payment_sessions (id, order_id, success_url, cancel_url, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(id, orderId, successUrl, cancelUrl, Date.now()).run();
      // Relative to the site that asked: the pay page lives beside the API, on the site's own origin.
      return `${new URL(successUrl).origin}/api/pay/${id}`;
    },
  };
}

type Ctx = Context<{ Bindings: Env }>;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function session(c: Ctx) {
  const id = c.req.param("session") ?? "";
  if (!/^[A-Za-z0-9_-]{10,40}$/.test(id)) return null;
  return c.env.DB.prepare("SELECT s.*, o.price, o.num_order FROM payment_sessions s JOIN orders o ON o.id = s.order_id WHERE s.id = ?")
    .bind(id).first<{ id: string; order_id: number; success_url: string; cancel_url: string; status: string; price: number; num_order: number }>();
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
  const s = await session(c);
  if (!s || s.status !== "open") return c.text("This payment link is no longer valid.", 404);
  c.header("Cache-Control", "private, no-store");
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1c1917}button{font:inherit;font-weight:700;padding:.8rem 1.4rem;border-radius:999px;border:0;margin:.3rem}.pay{background:#047857;color:#fff}.cancel{background:#e7e5e4}</style></head>
<body><h1>Demo payment</h1><p>Order #${escapeHtml(String(s.num_order))}: <strong>${escapeHtml(s.price.toFixed(2))} AED</strong></p>
<p>This is the embedded demo payment page; no card is charged.</p>
<form method="post"><button class="pay" name="decision" value="pay">Pay</button><button class="cancel" name="decision" value="cancel">Cancel</button></form></body></html>`);
}

export async function payDecision(c: Ctx) {
  const s = await session(c);
  if (!s || s.status !== "open") return c.text("This payment link is no longer valid.", 404);
  const form = await c.req.formData().catch(() => null);
  const pay = form?.get("decision") === "pay";
  const target = pay ? s.success_url : s.cancel_url;
  if (!sameOrigin(target, c.req.url)) return c.text("Refusing to redirect to another site.", 400);
  await c.env.DB.batch([
    c.env.DB.prepare("UPDATE payment_sessions SET status = ? WHERE id = ? AND status = 'open'").bind(pay ? "paid" : "cancelled", s.id),
    pay
      ? c.env.DB.prepare("UPDATE orders SET paid = 1 WHERE id = ?").bind(s.order_id)
      : c.env.DB.prepare("UPDATE orders SET status = 3 WHERE id = ?").bind(s.order_id),
  ]);
  return c.redirect(target, 303);
}
