// Stripe's API as the stand-in sees it: POST /v1/checkout/sessions (form-encoded, `Authorization: Bearer
// sk_…`, `Stripe-Account` for a connected account, `Idempotency-Key` honoured as Stripe does), and a
// hosted page per session at /c/pay/{id} whose Pay link returns to success_url with the session id in
// place of {CHECKOUT_SESSION_ID}, like Checkout. It never sends webhooks: tests sign and send those.
// Failures are chosen by the connected account id: one ending "fail500" or "timeout" fails that way.
// Stripe Billing on the platform's own account (no Stripe-Account): Checkout in subscription mode,
// billing portal sessions (POST /v1/billing_portal/sessions) and subscription updates
// (POST /v1/subscriptions/{id}), all logged under the key "platform".
// Refunds (POST /v1/refunds, by payment_intent and amount, in parts up to the charge, on the connected account) answer Stripe's refund object,
// or its errors (no such payment_intent, charge_already_refunded); a key's first answer is replayed, a
// 500 included, as Stripe does. A session's PaymentIntent is `paymentIntentOf(session)` (the events say
// so too); GET /v1/checkout/sessions/{id} shows it once the stand-in's Pay link was followed.
// POST /_stand-in/stripe/refund-failures {payment_intent, count} makes that many refunds of it fail with a 500;
// POST /_stand-in/stripe/refund-pending {payment_intent} makes its refund answer "pending" (decided later by an event).
import type { Handler, StandInAnswer } from "./server.ts";

/** The secret key the stand-in accepts. */
export const STRIPE_STAND_IN_KEY = "sk_test_stand_in";

export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open";
  payment_status: "unpaid";
  mode: string;
  success_url: string;
  cancel_url: string;
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  /** Set when the session is paid (the stand-in's Pay link), as Stripe's session shows it. */
  payment_intent?: string | null;
  /** Not in Stripe's object: the account it was made on, for the tests' webhook events. */
  account: string;
}

/** The PaymentIntent the stand-in gives a session once paid (the tests' events name it). */
export const paymentIntentOf = (session: Pick<StandInSession, "id">) => `pi_${session.id.slice(8, 32)}`;

const sessions = new Map<string, StandInSession>();
const byIdempotencyKey = new Map<string, StandInSession>();
/** Refunds: by payment intent, answers by idempotency key (replayed whatever they were), failures to come. */
/** Minor units refunded so far, by payment intent (Stripe refunds a charge in parts, up to its amount). */
const refunded = new Map<string, number>();
const refundAnswers = new Map<string, StandInAnswer>();
const refundFailures = new Map<string, number>();
const refundsPending = new Set<string>();

const stripeError = (status: number, type: string, message: string, param?: string): StandInAnswer => ({
  status,
  json: { error: { type, message, ...(param ? { param } : {}) } },
});
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const randomAlnum = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 62]).join("");

/** Stripe's three-decimal currencies, whose amounts it takes only in multiples of 10 minor units. */
const THREE_DECIMALS = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** Line items from Stripe's form encoding: line_items[0][price_data][unit_amount]=1250 … */
function lineItems(form: Record<string, string>) {
  const lines: { quantity: number; currency: string; unit_amount: number; name: string }[] = [];
  for (let i = 0; `line_items[${i}][quantity]` in form; i++) {
    const at = (k: string) => form[`line_items[${i}]${k}`] ?? "";
    lines.push({
      quantity: Number(at("[quantity]")),
      currency: at("[price_data][currency]"),
      unit_amount: Number(at("[price_data][unit_amount]")),
      name: at("[price_data][product_data][name]"),
    });
  }
  return lines;
}

function createSession(request: Parameters<Handler>[0], account: string): StandInAnswer {
  const form = request.form;
  if (form.mode !== "payment") return stripeError(400, "invalid_request_error", "mode must be payment", "mode");
  const lines = lineItems(form);
  if (lines.length === 0) return stripeError(400, "invalid_request_error", "line_items is required", "line_items");
  const currency = lines[0]!.currency;
  for (const line of lines) {
    if (
      !Number.isInteger(line.unit_amount) ||
      line.unit_amount < 0 ||
      !Number.isInteger(line.quantity) ||
      line.quantity < 1 ||
      !line.name ||
      line.currency !== currency
    ) {
      return stripeError(400, "invalid_request_error", "Invalid line item", "line_items");
    }
    // Stripe's three-decimal currencies: every amount's last digit must be 0 (docs.stripe.com/currencies).
    if (THREE_DECIMALS.has(line.currency) && line.unit_amount % 10 !== 0) {
      return stripeError(400, "invalid_request_error", `Amounts in ${line.currency.toUpperCase()} must be divisible by 10.`, "line_items");
    }
  }
  for (const url of ["success_url", "cancel_url"] as const) {
    if (!/^https?:\/\//.test(form[url] ?? "")) return stripeError(400, "invalid_request_error", `Not a valid URL`, url);
  }
  const id = `cs_test_${randomAlnum(58)}`;
  const metadata = Object.fromEntries(
    Object.entries(form).flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k) ? [[/^metadata\[(\w+)\]$/.exec(k)![1]!, v]] : [])),
  );
  const session: StandInSession = {
    id,
    object: "checkout.session",
    url: `http://${request.headers.host}/c/pay/${id}`,
    status: "open",
    payment_status: "unpaid",
    mode: "payment",
    success_url: form.success_url!,
    cancel_url: form.cancel_url!,
    currency,
    amount_total: lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
    client_reference_id: form.client_reference_id ?? null,
    metadata,
    expires_at: Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
    account,
  };
  sessions.set(id, session);
  return { status: 200, json: session };
}

function payPage(session: StandInSession): StandInAnswer {
  const digits = THREE_DECIMALS.has(session.currency) ? 3 : 2;
  const amount = (session.amount_total / 10 ** digits).toFixed(digits);
  return {
    status: 200,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe stand-in</title></head>
<body><h1>Stripe Checkout stand-in</h1><p>${escape(amount)} ${escape(session.currency.toUpperCase())} to ${escape(session.account)}</p>
<p><a href="/c/pay/${session.id}/complete">Pay</a> <a href="/c/pay/${session.id}/cancel">Cancel</a></p></body></html>`,
  };
}

/** The key the platform's own calls (billing) are logged under. */
export const PLATFORM = "platform";

function createSubscriptionSession(request: Parameters<Handler>[0]): StandInAnswer {
  const form = request.form;
  if (!/^price_\w+$/.test(form["line_items[0][price]"] ?? ""))
    return stripeError(400, "invalid_request_error", "line_items[0][price] must be a Price id", "line_items");
  if (form["line_items[0][quantity]"] !== "1") return stripeError(400, "invalid_request_error", "Invalid quantity", "line_items");
  const trial = form["subscription_data[trial_period_days]"];
  if (trial !== undefined && !/^\d{1,3}$/.test(trial))
    return stripeError(400, "invalid_request_error", "Invalid trial_period_days", "subscription_data[trial_period_days]");
  if (form.customer !== undefined && !/^cus_\w+$/.test(form.customer)) return stripeError(400, "invalid_request_error", "No such customer", "customer");
  for (const url of ["success_url", "cancel_url"] as const) {
    if (!/^https?:\/\//.test(form[url] ?? "")) return stripeError(400, "invalid_request_error", "Not a valid URL", url);
  }
  const id = `cs_test_${randomAlnum(58)}`;
  const metadata = Object.fromEntries(
    Object.entries(form).flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k) ? [[/^metadata\[(\w+)\]$/.exec(k)![1]!, v]] : [])),
  );
  const session: StandInSession = {
    id,
    object: "checkout.session",
    url: `http://${request.headers.host}/c/pay/${id}`,
    status: "open",
    payment_status: "unpaid",
    mode: "subscription",
    success_url: form.success_url!,
    cancel_url: form.cancel_url!,
    currency: "aed",
    amount_total: 0,
    client_reference_id: form.client_reference_id ?? null,
    metadata,
    expires_at: Math.floor(Date.now() / 1000) + 86_400,
    account: PLATFORM,
  };
  sessions.set(id, session);
  return { status: 200, json: session };
}

/** Billing calls on the platform's own account, or null when the request is not one. */
function platformCall(request: Parameters<Handler>[0]): StandInAnswer | null {
  const form = request.form;
  if (request.path === "/v1/checkout/sessions" && form.mode === "subscription") return createSubscriptionSession(request);
  if (request.path === "/v1/billing_portal/sessions") {
    if (!/^cus_\w+$/.test(form.customer ?? "")) return stripeError(400, "invalid_request_error", "No such customer", "customer");
    const id = `bps_${randomAlnum(24)}`;
    return {
      status: 200,
      json: {
        id,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `http://${request.headers.host}/p/session/${id}`,
      },
    };
  }
  const update = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(request.path);
  if (update) {
    return { status: 200, json: { id: update[1], object: "subscription", status: "trialing", cancel_at_period_end: form.cancel_at_period_end === "true" } };
  }
  return null;
}

/** POST /v1/refunds on `account`: a refund of a payment intent of one of its sessions, of `amount` or all that is left. */
function createRefund(request: Parameters<Handler>[0], account: string): StandInAnswer {
  const form = request.form;
  const intent = form.payment_intent;
  if (!intent && !form.charge) return stripeError(400, "invalid_request_error", "You must pass either a charge or a payment_intent.");
  const session = [...sessions.values()].find((s) => s.account === account && paymentIntentOf(s) === intent);
  if (!intent || !session) return stripeError(404, "invalid_request_error", `No such payment_intent: '${intent ?? ""}'`, "payment_intent");
  const failures = refundFailures.get(intent) ?? 0;
  if (failures > 0) {
    refundFailures.set(intent, failures - 1);
    return stripeError(500, "api_error", "An unknown error occurred");
  }
  const before = refunded.get(intent) ?? 0;
  if (before >= session.amount_total)
    return {
      status: 400,
      json: { error: { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ch_${intent.slice(3)} has already been refunded.` } },
    };
  const amount = form.amount === undefined ? session.amount_total - before : Number(form.amount);
  if (!Number.isInteger(amount) || amount < 1 || amount > session.amount_total - before)
    return stripeError(400, "invalid_request_error", "Refund amount is greater than unrefunded amount on charge.", "amount");
  const metadata = Object.fromEntries(
    Object.entries(form).flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k) ? [[/^metadata\[(\w+)\]$/.exec(k)![1]!, v]] : [])),
  );
  const refund = {
    id: `re_${randomAlnum(24)}`,
    object: "refund",
    amount,
    balance_transaction: `txn_${randomAlnum(24)}`,
    charge: `ch_${intent.slice(3)}`,
    created: Math.floor(Date.now() / 1000),
    currency: session.currency,
    metadata,
    payment_intent: intent,
    reason: form.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: refundsPending.has(intent) ? "pending" : "succeeded",
    transfer_reversal: null,
  };
  refunded.set(intent, before + amount);
  return { status: 200, json: refund };
}

export const handleStripe: Handler = (request, log) => {
  if (request.path === "/_stand-in/stripe/refund-failures" && request.method === "POST") {
    refundFailures.set(request.form.payment_intent ?? "", Number(request.form.count ?? 1));
    return { status: 200, json: { ok: true } };
  }
  if (request.path === "/_stand-in/stripe/refund-pending" && request.method === "POST") {
    refundsPending.add(request.form.payment_intent ?? "");
    return { status: 200, json: { ok: true } };
  }
  const retrieve = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(request.path);
  if (retrieve && request.method === "GET") {
    const session = sessions.get(retrieve[1]!);
    if (request.headers.authorization !== `Bearer ${STRIPE_STAND_IN_KEY}`) return stripeError(401, "invalid_request_error", "Invalid API Key provided");
    if (!session || session.account !== request.headers["stripe-account"])
      return stripeError(404, "invalid_request_error", `No such checkout.session: '${retrieve[1]}'`, "id");
    const { account: _, ...object } = session;
    return { status: 200, json: { payment_intent: null, ...object } };
  }
  const page = /^\/c\/pay\/(cs_test_\w+)(\/complete|\/cancel)?$/.exec(request.path);
  if (page && request.method === "GET") {
    const session = sessions.get(page[1]!);
    if (!session) return stripeError(404, "invalid_request_error", "No such checkout session");
    if (!page[2]) return payPage(session);
    if (page[2] === "/complete") Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: paymentIntentOf(session) });
    // Like Checkout: the success return names the session in place of the placeholder.
    return { redirect: page[2] === "/complete" ? session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) : session.cancel_url };
  }
  if (!request.path.startsWith("/v1/") || request.method !== "POST") return null;
  if (request.headers.authorization !== `Bearer ${STRIPE_STAND_IN_KEY}`) return stripeError(401, "invalid_request_error", "Invalid API Key provided");
  if (!request.headers["stripe-account"]) {
    const answer = platformCall(request);
    if (answer) {
      log(PLATFORM, {
        method: request.method,
        path: request.path,
        headers: request.headers,
        form: request.form,
        answer: answer !== "hang" && "json" in answer ? answer.json : null,
      });
      return answer;
    }
  }
  if (request.path === "/v1/refunds") {
    const account = request.headers["stripe-account"] ?? "";
    if (!/^acct_\w+$/.test(account))
      return stripeError(400, "invalid_request_error", "This stand-in takes refunds on connected accounts only (Stripe-Account).");
    const key = request.headers["idempotency-key"];
    const answer = (key && refundAnswers.get(`${account}:${key}`)) || createRefund(request, account);
    if (key) refundAnswers.set(`${account}:${key}`, answer);
    log(account, {
      method: request.method,
      path: request.path,
      headers: request.headers,
      form: request.form,
      answer: answer !== "hang" && "json" in answer ? answer.json : null,
    });
    return answer;
  }
  if (request.path !== "/v1/checkout/sessions") return null;
  const account = request.headers["stripe-account"] ?? "";
  if (!/^acct_\w+$/.test(account))
    return stripeError(400, "invalid_request_error", "This stand-in takes sessions on connected accounts only (Stripe-Account).");
  const key = request.headers["idempotency-key"];
  const again = key ? byIdempotencyKey.get(`${account}:${key}`) : undefined;
  const answer: StandInAnswer = again
    ? { status: 200, json: again }
    : account.endsWith("timeout")
      ? "hang"
      : account.endsWith("fail500")
        ? stripeError(500, "api_error", "Something went wrong")
        : createSession(request, account);
  log(account, {
    method: request.method,
    path: request.path,
    headers: request.headers,
    form: request.form,
    answer: answer === "hang" ? null : "json" in answer ? answer.json : null,
  });
  if (key && answer !== "hang" && "json" in answer && answer.status === 200) byIdempotencyKey.set(`${account}:${key}`, answer.json as StandInSession);
  return answer;
};
